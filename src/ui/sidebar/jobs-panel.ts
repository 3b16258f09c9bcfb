// This file defines the Jobs panel: every tracked job with its state, progress bar, error, a
// button that opens its sheet and, for searches, its refresh schedule: turning one on asks first
// with what each run costs; a scheduled search says how often and when next ("Refreshes daily ·
// next Sun 07:41"), what the last run did ("14 new · 86 updated · 0 no longer found") and what
// each run may spend. Jobs of one name say their sheet and start. While any job is active, or a
// refresh is scheduled, it polls refreshJobs and then the account (src/ui/sidebar/poller.ts), so
// what background passes changed shows without a reload; it stops when nothing needs it.
import type { SidebarState } from "./panel-context";
import { byId, h, setProgress } from "./dom";
import { isActive, jobProgress, jobWhere, lastRunText, refreshEvery, refreshQuestion, rowsWrittenText, runCostText, runSummary, scheduleLine, statusWords } from "./format";
import { JobPoller, type PollNeed } from "./poller";
import type { JobView, RefreshEvery, RefreshView } from "./server";

const SCHEDULES: ReadonlyArray<{ value: RefreshEvery; text: string }> = [
  { value: "off", text: "Off" },
  { value: "day", text: "Daily" },
  { value: "week", text: "Weekly" },
];

/** What the jobs need from the poller: fast while one changes, slow while a refresh may run. */
function pollNeed(jobs: readonly JobView[]): PollNeed {
  if (jobs.some(isActive)) return "active";
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

  /** Names shared by more than one job: those jobs show their sheet and start time too. */
  let sharedNames = new Set<string>();

  const jobItem = (job: JobView): HTMLLIElement => {
    const progress = jobProgress(job);
    const bar = h("progress", { "aria-label": `Progress of ${job.name}` });
    setProgress(bar, progress.value, progress.max, progress.text);
    const open = job.sheetName ? h("button", { type: "button", class: "link", "aria-label": `Open sheet ${job.sheetName}` }, "Open sheet") : null;
    open?.addEventListener("click", () => state.showJobSheet(job.jobId));
    const scheduled = job.kind === "search" && refreshEvery(job.refresh) !== "off";
    const settledSchedule = scheduled && !isActive(job);
    return h("li", { role: "listitem", class: "job", "data-job-id": job.jobId, "data-status": job.status },
      h("p", { class: "job-name", title: job.name }, job.name),
      sharedNames.has(job.name) ? h("p", { class: "job-where", title: jobWhere(job) }, jobWhere(job)) : null,
      // The search's state; a scheduled one says its schedule instead of a date that goes stale.
      h("p", { class: "job-meta" }, `${job.kind === "search" ? "Search" : "Enrichment"} · ${statusWords(job.status)}`),
      job.mine === false ? h("p", { class: "hint" }, "Started by another key: its creator's passes fill it in.") : null,
      // A scheduled search's runs say what they found below: the first run's count would be stale.
      settledSchedule ? null : bar,
      settledSchedule ? null : h("p", { class: "job-progress" }, progress.text),
      // An enrichment's rows are the user's own, in their sheet: how many were written says where the results went.
      job.kind === "enrichment" ? h("p", { class: "job-rows" }, rowsWrittenText(job)) : null,
      job.error ? h("p", { class: "problem" }, job.error) : null,
      scheduled ? scheduleText(job) : null,
      h("div", { class: "job-actions" }, job.kind === "search" ? scheduleControl(job) : null, open));
  };

  const scheduleControl = (job: JobView): HTMLElement => {
    const id = `refresh-${job.jobId}`;
    const select = h("select", { id, "aria-describedby": `${id}-text` },
      ...SCHEDULES.map((s) => h("option", { value: s.value, selected: refreshEvery(job.refresh) === s.value }, s.text)));
    const control = h("span", { class: "schedule" }, h("label", { for: id }, "Refresh"), select);
    const save = (every: RefreshEvery): void => {
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
    };
    select.addEventListener("change", () => {
      const every = select.value as RefreshEvery;
      control.closest(".job")?.querySelector(".confirm-refresh")?.remove();
      // Turning a schedule off costs nothing; turning one on (or changing it) asks first, with its cost.
      if (every === "off") {
        save(every);
        return;
      }
      const item = control.closest(".job");
      if (!item) return;
      const question = refreshQuestion(job, every, state.account);
      const yes = h("button", { type: "button", class: "primary" }, every === "day" ? "Refresh daily" : "Refresh weekly");
      const no = h("button", { type: "button" }, "Cancel");
      const ask = h("div", { class: "confirm-refresh", role: "group", "aria-label": question }, h("p", {}, question), h("div", { class: "confirm-actions" }, yes, no));
      yes.addEventListener("click", () => {
        ask.remove();
        save(every);
      });
      no.addEventListener("click", () => {
        ask.remove();
        select.value = refreshEvery(job.refresh);
        select.focus();
      });
      item.appendChild(ask);
      // The question is the next thing to answer: in view, and where the keyboard is.
      ask.scrollIntoView({ block: "nearest" });
      yes.focus();
    });
    return control;
  };

  /** Under a scheduled search: the schedule, what the last run did, what each run may spend. */
  const scheduleText = (job: JobView): HTMLElement => {
    const refresh = job.refresh as RefreshView;
    const summary = runSummary(refresh, job.createdAt);
    return h("div", { class: "schedule-text", id: `refresh-${job.jobId}-text` },
      h("p", { class: "job-schedule" }, scheduleLine(refresh)),
      summary ? h("p", { class: "run-summary" }, summary) : null,
      h("p", { class: "hint last-run" }, lastRunText(refresh)),
      job.runCredits !== null ? h("p", { class: "hint run-cost" }, runCostText(job, state.account)) : null);
  };

  /** What each job's element shows, so a poll rebuilds only the jobs that changed. */
  const rendered = new Map<string, { shown: string; item: HTMLLIElement }>();

  state.onJobs((jobs) => {
    lastJobs = jobs;
    const names = jobs.map((job) => job.name);
    sharedNames = new Set(names.filter((name, i) => names.indexOf(name) !== i));
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const next = jobs.map((job) => {
      // The run-cost line names the credits left: a new account figure redraws it too.
      const shown = JSON.stringify(job) + String(state.account?.creditsRemaining ?? "") + String(sharedNames.has(job.name));
      const old = rendered.get(job.jobId);
      // Unchanged, its schedule menu in use, or its question open: keep the element (and the user's place).
      const inUse = old && ((focused instanceof HTMLSelectElement && old.item.contains(focused)) || old.item.querySelector(".confirm-refresh") !== null);
      if (old && (old.shown === shown || inUse)) return { jobId: job.jobId, ...old };
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
