// This file defines the Jobs panel: every tracked job with its state, progress bar, error, a
// button that opens its sheet and, for searches, its refresh schedule: turning one on asks first
// with what each run costs; a scheduled search says how often and when next ("Refreshes daily ·
// next Sun 07:41"), what the last run did ("14 new · 86 updated · 0 no longer found") and what
// each run may spend. Jobs of one name say their sheet and start. The jobs of one enrichment run
// (one click of Enrich, however many jobs its rows need) are ONE line: rows sent, jobs running,
// rows waiting, and a Stop button while rows wait. While any job is active, or a
// refresh is scheduled, it polls refreshJobs and then the account (src/ui/sidebar/poller.ts), so
// what background passes changed shows without a reload; it stops when nothing needs it.
import type { SidebarState } from "./panel-context";
import { byId, h, setProgress } from "./dom";
import { groupDigits, isActive, jobProgress, jobWhere, lastRunText, plural, refreshEvery, refreshQuestion, rowsWrittenText, runCostText, runLine, runState, runSummary, scheduleLine, statusWords } from "./format";
import { JobPoller, type PollNeed } from "./poller";
import type { JobView, RefreshEvery, RefreshView, RunView } from "./server";

const SCHEDULES: ReadonlyArray<{ value: RefreshEvery; text: string }> = [
  { value: "off", text: "Off" },
  { value: "day", text: "Daily" },
  { value: "week", text: "Weekly" },
];

/** A run whose rows still wait: each poll's pass sends the next ones. */
const sending = (job: JobView): boolean => job.run !== null && job.run !== undefined && job.run.rowsWaiting > 0 && !job.run.stopped;

/** What the jobs need from the poller: fast while one changes, a run's rows wait or a refresh run is under way, slow while one may run. */
function pollNeed(jobs: readonly JobView[]): PollNeed {
  if (jobs.some((job) => isActive(job) || sending(job) || job.refreshing)) return "active";
  return jobs.some((job) => refreshEvery(job.refresh) !== "off") ? "scheduled" : "idle";
}

/** A line of the list: one job, or every job of one enrichment run (the newest stands for them). */
interface Line {
  key: string;
  job: JobView;
  jobs: JobView[];
}

function linesOf(jobs: readonly JobView[]): Line[] {
  const lines: Line[] = [];
  const byRun = new Map<string, Line>();
  for (const job of jobs) {
    const runId = job.run?.runId;
    const line = runId === undefined ? undefined : byRun.get(runId);
    if (line) {
      line.jobs.push(job);
      continue;
    }
    const made = { key: runId === undefined ? job.jobId : `run:${runId}`, job, jobs: [job] };
    if (runId !== undefined) byRun.set(runId, made);
    lines.push(made);
  }
  return lines;
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
      h("p", { class: "job-meta" }, `${job.kind === "search" ? "Search" : "Enrichment"} · ${job.refreshing && !scheduled ? "Refreshing now: merged into its sheet when done" : statusWords(job.status)}`),
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

  /** An enrichment run as one line: its rows sent, jobs running and rows waiting, and Stop while rows wait. */
  const runItem = (line: Line, run: RunView): HTMLLIElement => {
    const written = line.jobs.reduce((n, job) => n + job.rowsWritten, 0);
    const bar = h("progress", { "aria-label": `Progress of the enrichment of ${run.sheetName}` });
    setProgress(bar, Math.min(written, run.rows), Math.max(run.rows, 1), `${groupDigits(written)} of ${plural(run.rows, "row", "rows")} written`);
    const open = h("button", { type: "button", class: "link", "aria-label": `Open sheet ${run.sheetName}` }, "Open sheet");
    open.addEventListener("click", () => state.showJobSheet(line.job.jobId));
    const stop = run.rowsWaiting > 0 && !run.stopped ? h("button", { type: "button" }, "Stop") : null;
    stop?.addEventListener("click", () => {
      void state.messages.act(stop, "Stopping the enrichment…", async () => {
        const jobs = await state.server.call("stopEnrichment", { jobId: line.job.jobId });
        state.setJobs(jobs);
        return `Stopped: ${plural(run.rowsWaiting, "row was", "rows were")} not sent; ${run.rowsWaiting === 1 ? "its status in the sheet says" : "their status in the sheet says"} so. The jobs already sent finish and are written.`;
      });
    });
    const error = line.jobs.find((job) => job.error)?.error ?? null;
    return h("li", { role: "listitem", class: "job", "data-job-id": line.job.jobId, "data-run-id": run.runId, "data-status": line.job.status },
      h("p", { class: "job-name", title: `Enrich ${run.sheetName}` }, `Enrich ${run.sheetName}`),
      h("p", { class: "job-meta" }, `Enrichment · ${runState(run)}`),
      line.job.mine === false ? h("p", { class: "hint" }, "Started by another key: its creator's passes send and fill it in.") : null,
      bar,
      h("p", { class: "job-progress" }, `${groupDigits(written)} of ${plural(run.rows, "row", "rows")} written`),
      h("p", { class: "job-run" }, runLine(run)),
      error ? h("p", { class: "problem" }, error) : null,
      h("div", { class: "job-actions" }, stop, open));
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
    const lines = linesOf(jobs);
    const names = lines.filter((line) => !line.job.run).map((line) => line.job.name);
    sharedNames = new Set(names.filter((name, i) => names.indexOf(name) !== i));
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const next = lines.map((line) => {
      const { job } = line;
      // The run-cost line names the credits left: a new account figure redraws it too.
      const shown = JSON.stringify(line.jobs) + String(state.account?.creditsRemaining ?? "") + String(sharedNames.has(job.name));
      const old = rendered.get(line.key);
      // Unchanged, its schedule menu in use, or its question open: keep the element (and the user's place).
      const inUse = old && ((focused instanceof HTMLSelectElement && old.item.contains(focused)) || old.item.querySelector(".confirm-refresh") !== null);
      if (old && (old.shown === shown || inUse)) return { key: line.key, jobId: job.jobId, ...old };
      return { key: line.key, jobId: job.jobId, shown, item: job.run ? runItem(line, job.run) : jobItem(job) };
    });
    next.forEach(({ item }, i) => {
      if (list.children[i] !== item) list.insertBefore(item, list.children[i] ?? null);
    });
    while (list.children.length > next.length) list.lastElementChild?.remove();
    rendered.clear();
    for (const { key, shown, item } of next) rendered.set(key, { shown, item });
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
      return jobs.some((job) => isActive(job) || sending(job)) ? "Jobs up to date; still working." : "Jobs up to date.";
    });
  });

  return { poller };
}
