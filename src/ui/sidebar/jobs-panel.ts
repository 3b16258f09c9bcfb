// This file defines the Jobs panel: every tracked job with its status, progress bar, rows written,
// error, a button that opens its sheet and, for searches, its refresh schedule with what each run
// may spend and what the last one did. While any job is active, or a refresh is scheduled, it
// polls refreshJobs and then the account (src/ui/sidebar/poller.ts), so what background passes
// changed (rows, credits, next run) shows without a reload; it stops when nothing needs it.
import type { SidebarState } from "./panel-context";
import { byId, h, setProgress } from "./dom";
import { isActive, jobProgress, refreshEvery, refreshText, rowsWrittenText, runCostText, shortDateTime, statusWords } from "./format";
import { JobPoller, type PollNeed } from "./poller";
import type { JobView, RefreshEvery } from "./server";

const SCHEDULES: ReadonlyArray<{ value: RefreshEvery; text: string }> = [
  { value: "off", text: "Off" },
  { value: "day", text: "Daily" },
  { value: "week", text: "Weekly" },
];

/** What the jobs need from the poller: fast while one changes or a refresh run is under way, slow while one may run. */
function pollNeed(jobs: readonly JobView[]): PollNeed {
  if (jobs.some((job) => isActive(job) || job.refreshing)) return "active";
  return jobs.some((job) => refreshEvery(job.refresh) !== "off") ? "scheduled" : "idle";
}

export function jobsPanel(state: SidebarState): { poller: JobPoller } {
  const list = byId("jobs", HTMLUListElement);
  const empty = byId("jobs-empty", HTMLElement);
  const refresh = byId("refresh-jobs", HTMLButtonElement);

  let lastJobs: JobView[] = [];
  const poller = new JobPoller(
    {
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (id) => window.clearTimeout(id),
      isHidden: () => document.visibilityState === "hidden",
    },
    async () => {
      try {
        const before = JSON.stringify(lastJobs);
        const jobs = await state.server.call("refreshJobs");
        state.setJobs(jobs);
        // A job that moved (rows, a refresh run) spent or released credits: the account line follows.
        if (JSON.stringify(jobs) !== before && state.hasKey) await state.reloadAccount().catch(() => undefined);
        return pollNeed(jobs);
      } catch (error) {
        state.messages.fail(error);
        throw error;
      }
    },
  );
  document.addEventListener("visibilitychange", () => poller.visibilityChanged());

  const jobItem = (job: JobView): HTMLLIElement => {
    const progress = jobProgress(job);
    const bar = h("progress", { "aria-label": `Progress of ${job.name}` });
    setProgress(bar, progress.value, progress.max, progress.text);
    const open = job.sheetName ? h("button", { type: "button", class: "link", "aria-label": `Open sheet ${job.sheetName}` }, "Open sheet") : null;
    open?.addEventListener("click", () => state.showJobSheet(job.jobId));
    return h("li", { role: "listitem", class: "job", "data-job-id": job.jobId, "data-status": job.status },
      h("p", { class: "job-name", title: job.name }, job.name),
      h("p", { class: "job-meta" }, `${job.kind === "search" ? "Search" : "Enrichment"} · ${statusWords(job.status)} · ${shortDateTime(job.createdAt)}`),
      job.mine === false ? h("p", { class: "hint" }, "Started by another key: its creator's passes fill it in.") : null,
      bar,
      h("p", { class: "job-progress" }, progress.text),
      // A search's rows are its businesses: the line adds something only when the counts differ.
      job.kind === "search" && job.rowsWritten === (job.leadCount ?? 0) ? null : h("p", { class: "job-rows" }, rowsWrittenText(job)),
      job.error ? h("p", { class: "problem" }, job.error) : null,
      h("div", { class: "job-actions" }, job.kind === "search" ? scheduleControl(job) : null, open),
      job.kind === "search" ? scheduleText(job) : null);
  };

  const scheduleControl = (job: JobView): HTMLElement => {
    const id = `refresh-${job.jobId}`;
    const select = h("select", { id, "aria-describedby": `${id}-text` },
      ...SCHEDULES.map((s) => h("option", { value: s.value, selected: refreshEvery(job.refresh) === s.value }, s.text)));
    select.addEventListener("change", () => {
      const every = select.value as RefreshEvery;
      state.messages.say("Saving the schedule…");
      state.server.call("setRefresh", { jobId: job.jobId, every }).then(
        (updated) => {
          state.messages.say(every === "off" ? `“${updated.name}” is no longer refreshed.`
            : `“${updated.name}” is refreshed ${every === "day" ? "daily" : "weekly"}. ${runCostText(updated, state.account)}`.trim());
          void state.reloadJobs();
        },
        (error: unknown) => {
          state.messages.say("");
          state.messages.fail(error);
          select.value = refreshEvery(job.refresh);
        });
    });
    return h("span", { class: "schedule" }, h("label", { for: id }, "Refresh"), select);
  };

  /** Under a scheduled search: next run, last run (when, added, credits), what each run may spend. */
  const scheduleText = (job: JobView): HTMLElement | null => {
    const id = `refresh-${job.jobId}-text`;
    if (refreshEvery(job.refresh) === "off") return h("p", { class: "visually-hidden", id }, refreshText(job.refresh));
    return h("div", { class: "schedule-text", id },
      h("p", { class: "hint" }, refreshText(job.refresh)),
      job.runCredits !== null ? h("p", { class: "hint run-cost" }, runCostText(job, state.account)) : null);
  };

  /** What each job's element shows, so a poll rebuilds only the jobs that changed. */
  const rendered = new Map<string, { shown: string; item: HTMLLIElement }>();

  state.onJobs((jobs) => {
    lastJobs = jobs;
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const next = jobs.map((job) => {
      // The run-cost line names the credits left: a new account figure redraws it too.
      const shown = JSON.stringify(job) + String(state.account?.creditsRemaining ?? "");
      const old = rendered.get(job.jobId);
      // Unchanged, or its schedule menu is in use: keep the element (and the keyboard user's place).
      if (old && (old.shown === shown || (focused instanceof HTMLSelectElement && old.item.contains(focused)))) return { jobId: job.jobId, ...old };
      return { jobId: job.jobId, shown, item: jobItem(job) };
    });
    next.forEach(({ item }, i) => {
      if (list.children[i] !== item) list.insertBefore(item, list.children[i] ?? null);
    });
    while (list.children.length > next.length) list.lastElementChild?.remove();
    rendered.clear();
    for (const { jobId, shown, item } of next) rendered.set(jobId, { shown, item });
    // Focus inside a rebuilt job moves to the same control of its new element.
    if (focused && !focused.isConnected) {
      const jobId = focused.closest("[data-job-id]")?.getAttribute("data-job-id");
      const again = next.find((n) => n.jobId === jobId)?.item.querySelector(focused.tagName.toLowerCase());
      if (again instanceof HTMLElement) again.focus();
    }
    empty.hidden = jobs.length > 0;
    poller.update(pollNeed(jobs));
  });

  state.onAccount(() => state.setJobs(lastJobs));

  refresh.addEventListener("click", () => {
    void state.messages.act(refresh, "Checking your jobs…", async () => {
      const jobs = await state.server.call("refreshJobs");
      state.setJobs(jobs);
      if (state.hasKey) await state.reloadAccount();
      return jobs.some(isActive) ? "Jobs up to date; still working." : "Jobs up to date.";
    });
  });

  return { poller };
}
