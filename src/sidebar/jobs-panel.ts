// This file defines the Jobs panel: one line per tracked job (state, progress, error, its sheet, a search's schedule and runs), per
// enrichment run and per territory (with Stop while work waits), dates in the spreadsheet's time zone. While any job is active or a
// refresh is scheduled it polls (poller.ts), so background passes' changes show without a reload.
import { KIND_WORDS, type KindDetail } from "../rules/job-kinds";
import type { SidebarState } from "./sidebar-state";
import { byId, h, on, para, setProgress } from "./dom";
import {
  EVERY_WORD,
  isActive,
  jobProgress,
  jobWhere,
  lastRunText,
  plural,
  refreshEvery,
  refreshQuestion,
  rowsWrittenText,
  runCostText,
  runLine,
  runProgress,
  runState,
  runSummary,
  scheduleLine,
  searchCount,
  searchedText,
  statusWords,
} from "./format";
import { JobPoller, type PollNeed } from "./poller";
import { continuedText, continueQuestion, offersContinue } from "./run-continue";
import { firstRunOf, type Spend, spendText } from "./schedule-spend";
import type { JobView, RefreshEvery, RunView, TerritoryView } from "./server";

/** The Refresh menu's options, in this order. */
const SCHEDULES: Record<RefreshEvery, string> = { off: "Off", day: "Daily", week: "Weekly" };

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
  const lines = new Map<string, Line>();
  for (const job of jobs) {
    const key = job.run ? `run:${job.run.runId}` : job.jobId;
    const line = lines.get(key);
    if (line) line.jobs.push(job);
    else lines.set(key, { key, job, jobs: [job] });
  }
  return [...lines.values()];
}

/** What a job's line shows for its kind (KIND_WORDS[kind].detail), each in its place; a kind without a part shows nothing there. */
interface KindParts {
  /** The job is run again (on a schedule, or once now): its line says its runs instead of a first count that goes stale. */
  reRun?(job: JobView): boolean;
  /** Under the progress: what the job wrote where. */
  written?(job: JobView): HTMLElement;
  /** Under the error: the schedule, what the last run did, what each run may spend. */
  schedule?(state: SidebarState, job: JobView): HTMLElement | null;
  /** Beside "Open sheet". */
  action?(state: SidebarState, job: JobView): HTMLElement;
}

const KIND_PARTS: Record<KindDetail, KindParts> = {
  // A search: its refresh schedule, and what its latest run did.
  refresh: { reRun: (job) => refreshEvery(job.refresh) !== "off" || Boolean(job.lastRun), schedule: refreshText, action: scheduleControl },
  // An enrichment's rows are the user's own, in their sheet: how many were written says where the results went.
  rows: { written: (job) => h("p", { class: "job-rows" }, rowsWrittenText(job)) },
};

/** One job's line; `shared`: another job has its name, so it says its sheet and start too. */
function jobItem(state: SidebarState, job: JobView, shared: boolean): HTMLLIElement {
  const parts = KIND_PARTS[KIND_WORDS[job.kind].detail];
  const progress = jobProgress(job);
  const bar = setProgress(h("progress", { "aria-label": `Progress of ${job.name}` }), progress);
  const open = job.sheetName ? openSheet(state, job.jobId, job.sheetName) : null;
  const settledSchedule = parts.reRun?.(job) && !isActive(job);
  const where = jobWhere(job, state.zoneOf(job));
  return h(
    "li",
    { role: "listitem", class: "job", "data-job-id": job.jobId, "data-status": job.status },
    h("p", { class: "job-name", title: job.name }, job.name),
    para("job-searched", searchedText(job)),
    shared ? h("p", { class: "job-where", title: where }, where) : null,
    // The search's state; a scheduled one says its schedule (and a run under way) below.
    h(
      "p",
      { class: "job-meta" },
      // A territory is many searches as one: its line says so, and how many.
      `${job.territory ? `Territory of ${searchCount(job.territory.searches)}` : KIND_WORDS[job.kind].label} · ` +
        (job.refreshing && refreshEvery(job.refresh) === "off"
          ? "Refreshing now: merged into its sheet when done"
          : statusWords(job.status)),
    ),
    // Once done, nobody's passes fill it in any more.
    para("hint", job.mine === false && (isActive(job) || job.refreshing) && "Started by another key: its creator's passes fill it in."),
    // A search run again says what its runs found below: the first run's count would be stale.
    ...(settledSchedule ? [] : [bar, h("p", { class: "job-progress" }, progress.text)]),
    parts.written?.(job),
    para("problem", job.error),
    parts.schedule?.(state, job),
    h("div", { class: "job-actions" }, job.territory ? territoryStop(state, job, job.territory) : null, parts.action?.(state, job), open),
  );
}

/** Stop, while a territory's searches wait: they are never started (nor charged); those under way finish. */
function territoryStop(state: SidebarState, job: JobView, territory: TerritoryView): HTMLButtonElement | null {
  if (territory.waiting === 0 || territory.stopped) return null;
  return state.messages.press(h("button", { "aria-label": `Stop ${job.name}` }, "Stop"), "Stopping the searches…", async () => {
    const jobs = await state.server.call("stopSearch", { jobId: job.jobId });
    state.setJobs(jobs);
    // What the stop left, as the server says it now (a pass may have started one meanwhile).
    const now = jobs.find((j) => j.jobId === job.jobId)?.territory || territory;
    const running =
      now.running > 0 ? ` The ${searchCount(now.running)} under way finish and are merged into “${job.sheetName || job.name}”.` : "";
    return `Stopped: ${plural(now.searches - now.started, "search was", "searches were")} not started, and not charged.${running}`;
  });
}

/** "Open sheet", which brings the job's sheet to the front. */
const openSheet = (state: SidebarState, jobId: string, sheetName: string): HTMLButtonElement =>
  on(h("button", { class: "link", "aria-label": `Open sheet ${sheetName}` }, "Open sheet"), "click", () => state.showJobSheet(jobId));

/**
 * An enrichment run as one line: its rows sent, jobs running and rows waiting,
 * Stop while rows wait, and "Continue with my key" for another editor's.
 */
function runItem(state: SidebarState, line: Line, run: RunView): HTMLLIElement {
  const progress = runProgress(run, line.jobs);
  const stop = run.rowsWaiting > 0 && !run.stopped ? h("button", {}, "Stop") : null;
  if (stop)
    state.messages.press(stop, "Stopping the enrichment…", async () => {
      state.setJobs(await state.server.call("stopEnrichment", { jobId: line.job.jobId }));
      return (
        `Stopped: ${plural(run.rowsWaiting, "row was", "rows were")} not sent; ${run.rowsWaiting === 1 ? "its" : "their"} status in ` +
        "the sheet says so. The jobs already sent finish and are written."
      );
    });
  return h(
    "li",
    { role: "listitem", class: "job", "data-job-id": line.job.jobId, "data-run-id": run.runId, "data-status": line.job.status },
    h("p", { class: "job-name", title: `Enrich ${run.sheetName}` }, `Enrich ${run.sheetName}`),
    h("p", { class: "job-meta" }, `${KIND_WORDS.enrichment.label} · ${runState(run)}`),
    para("hint", keyHint(line, run, state.hasKey)),
    setProgress(h("progress", { "aria-label": `Progress of the enrichment of ${run.sheetName}` }), progress),
    h("p", { class: "job-progress" }, progress.text),
    h("p", { class: "job-run" }, runLine(run, line.jobs)),
    para("problem", line.jobs.find((job) => job.error)?.error),
    // On its own row: beside Stop and Open sheet it would squeeze them in the 300 px frame.
    offersContinue(run) && state.hasKey ? h("div", { class: "job-actions" }, continueControl(state, line.job, run)) : null,
    h("div", { class: "job-actions" }, stop, openSheet(state, line.job.jobId, run.sheetName)),
  );
}

/** Whose key a run line's work is on, where it is not only the current editor's; null where it is. */
function keyHint(line: Line, run: RunView, hasKey: boolean): string | null {
  // Another editor's run whose rows wait: any editor with a key may continue it with their own, or stop it.
  if (offersContinue(run))
    return hasKey
      ? "Sent by another editor's key."
      : "Sent by another editor's key. Save a key of your own in Settings to continue it with yours.";
  if (line.job.mine !== false || !(sending(line.job) || run.jobsRunning > 0)) return null;
  // Continued: the current editor's key sends the waiting rows, but jobs already sent stay their creator's to fill in.
  return run.sentByMe
    ? "Your key sends its waiting rows; the jobs another key sent are filled in by that key's passes."
    : "Started by another key: its creator's passes send and fill it in.";
}

/**
 * The run line's "Continue with my key": a question under the line with the cost (askUnder, so a
 * poll keeps the line while it is open), then continueEnrichment.
 */
function continueControl(state: SidebarState, job: JobView, run: RunView): HTMLButtonElement {
  const button = on(h("button", {}, "Continue with my key"), "click", () => {
    const item = button.closest(".job");
    if (item)
      askUnder(item, continueQuestion(run, state.account), "Continue with my key", (yes, ask, answer) => {
        if (!yes) return button.focus();
        void state.messages.act(answer, "Continuing…", async () => {
          const continued = await state.server.call("continueEnrichment", { jobId: job.jobId });
          ask.remove();
          state.setJobs(continued.jobs);
          // The rows sent now spent or promised credits: the account line follows, as after a start.
          void state.reloadAccount().catch(() => undefined);
          return continuedText(run, continued, state.zoneOf(job));
        });
      });
  });
  return button;
}

/**
 * Asks `question` under a job's line (in place of a question there), with
 * `yesText` and Cancel (which takes it away), in view and where the keyboard is.
 */
function askUnder(
  item: Element,
  question: string,
  yesText: string,
  answer: (yes: boolean, ask: HTMLElement, button: HTMLButtonElement) => void,
): void {
  item.querySelector(".confirm-refresh")?.remove();
  const yes = on(h("button", { class: "primary" }, yesText), "click", () => answer(true, ask, yes));
  const no = on(h("button", {}, "Cancel"), "click", () => {
    ask.remove();
    answer(false, ask, no);
  });
  const ask = h(
    "div",
    { class: "confirm-refresh", role: "group", "aria-label": question },
    h("p", {}, question),
    h("div", { class: "confirm-actions" }, yes, no),
  );
  item.appendChild(ask);
  // The question is the next thing to answer: in view, and where the keyboard is.
  ask.scrollIntoView({ block: "nearest" });
  yes.focus();
}

/** A search's Refresh menu: Off at once; Daily or Weekly after a question that says what each run costs. */
function scheduleControl(state: SidebarState, job: JobView): HTMLElement {
  const id = `refresh-${job.jobId}`;
  const select = h(
    "select",
    { id, "aria-describedby": `${id}-text` },
    ...Object.entries(SCHEDULES).map(([value, text]) => h("option", { value, selected: refreshEvery(job.refresh) === value }, text)),
  );
  const control = h("span", { class: "schedule" }, h("label", { for: id }, "Refresh"), select);
  on(select, "change", () => {
    const every = select.value as RefreshEvery;
    const item = control.closest(".job");
    item?.querySelector(".confirm-refresh")?.remove();
    // Turning a schedule off costs nothing; turning one on (or changing it) asks first, under the job, with what each run costs.
    if (every === "off") return saveSchedule(state, job, select, every);
    const spend = spendOf(state, job, every, firstRunOf(job.lastRun?.at ?? job.createdAt, every).getTime());
    if (item)
      askUnder(item, `${refreshQuestion(job, every, state.account)} ${spend}`.trim(), `Refresh ${EVERY_WORD[every]}`, (yes, ask) => {
        if (yes) return saveSchedule(state, job, select, every, ask);
        select.value = refreshEvery(job.refresh);
        select.focus();
      });
  });
  return control;
}

/** Saves the schedule (its question `ask` answered and gone) and says so, or why not, putting the menu back. */
function saveSchedule(state: SidebarState, job: JobView, select: HTMLSelectElement, every: RefreshEvery, ask?: HTMLElement): void {
  ask?.remove();
  state.messages.say("Saving the schedule…");
  state.server.call("setRefresh", { jobId: job.jobId, every }).then(
    (updated) => {
      state.messages.say(
        every === "off"
          ? `“${updated.name}” is no longer refreshed.`
          : `“${updated.name}” is refreshed ${EVERY_WORD[every]}. ${runCostText(updated, state.account)}`.trim(),
      );
      void state.reloadJobs();
    },
    (error: unknown) => {
      state.messages.fail(error);
      select.value = refreshEvery(job.refresh);
    },
  );
}

/**
 * Under a search run again: its schedule, what its latest run did (a scheduled run or "Refresh it
 * now", said alike) and what each run may spend; while a run is asked for or under way, only that.
 */
function refreshText(state: SidebarState, job: JobView): HTMLElement | null {
  const refresh = job.refresh;
  const run = job.refreshing ? null : job.lastRun;
  const zone = state.zoneOf(job);
  const last = [run && lastRunText(run, zone), !job.refreshing && refresh?.lastError].filter(Boolean).join(". ");
  return refresh || run
    ? h(
        "div",
        { class: "schedule-text", id: `refresh-${job.jobId}-text` },
        para("job-schedule", refresh && scheduleLine(refresh, job.refreshing, zone)),
        para("run-summary", run && runSummary(run)),
        para("hint last-run", last),
        para("hint run-cost", refresh && !job.refreshing && job.runCredits !== null && runCost(state, job, refresh)),
      )
    : null;
}

/**
 * What the schedule `every` spends over time from this user's credits
 * (first: each run's cost); "" for another's search, or without figures.
 */
function spendOf(state: SidebarState, job: JobView, every: Spend["every"], nextRun: number, first = ""): string {
  const { account } = state;
  if (!account || job.mine === false || job.runCredits === null) return "";
  const at = new Date(Math.max(Date.now(), nextRun));
  return first + spendText({ every, runCredits: job.runCredits, remaining: account.creditsRemaining, nextRun: at }, state.zoneOf(job));
}

/** A scheduled search's cost line: each run's, then over time (the credits left said there). */
const runCost = (state: SidebarState, job: JobView, refresh: NonNullable<JobView["refresh"]>): string =>
  spendOf(state, job, refresh.every, Date.parse(refresh.nextRunAt ?? "") || 0, `${runCostText(job, null)} `) ||
  runCostText(job, state.account);

/** The poller of refreshJobs (then the account, when a job moved). */
function jobsPoller(state: SidebarState): JobPoller {
  const poller = new JobPoller(
    {
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (id) => window.clearTimeout(id),
      isHidden: () => document.visibilityState === "hidden",
    },
    async () => {
      try {
        const before = JSON.stringify(state.jobs);
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
  return poller;
}

/** The list's elements by line, with what each shows, so a poll rebuilds only the lines that changed. */
type Rendered = Map<string, { shown: string; item: HTMLLIElement }>;

/** Shows the jobs in the list, keeping each unchanged line's element (and the user's place in it). */
function renderJobs(state: SidebarState, list: HTMLUListElement, rendered: Rendered, jobs: readonly JobView[]): void {
  const lines = linesOf(jobs);
  const names = lines.filter((line) => !line.job.run).map((line) => line.job.name);
  /** Names shared by more than one job: those jobs show their sheet and start time too. */
  const sharedNames = new Set(names.filter((name, i) => names.indexOf(name) !== i));
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const next = lines.map((line) => {
    const { job } = line;
    // The run-cost line names the credits left, a run line offers Continue with a key: a new account figure or key redraws them too.
    const shown =
      JSON.stringify(line.jobs) + String(state.account?.creditsRemaining ?? "") + String(sharedNames.has(job.name)) + String(state.hasKey);
    const old = rendered.get(line.key);
    // Unchanged, its schedule menu in use, or its question open: keep the element (and the user's place).
    const inUse =
      old && ((focused instanceof HTMLSelectElement && old.item.contains(focused)) || old.item.querySelector(".confirm-refresh") !== null);
    const kept = old && (old.shown === shown || inUse) ? old : null;
    const item = kept?.item ?? (job.run ? runItem(state, line, job.run) : jobItem(state, job, sharedNames.has(job.name)));
    return { key: line.key, jobId: job.jobId, shown: kept?.shown ?? shown, item };
  });
  for (const [i, { item }] of next.entries()) if (list.children[i] !== item) list.insertBefore(item, list.children[i] ?? null);
  while (list.children.length > next.length) list.lastElementChild?.remove();
  rendered.clear();
  for (const { key, shown, item } of next) rendered.set(key, { shown, item });
  // Focus inside a rebuilt job moves to the same control of its new element.
  if (focused && !focused.isConnected) {
    const jobId = focused.closest("[data-job-id]")?.getAttribute("data-job-id");
    const again = next.find((n) => n.jobId === jobId)?.item.querySelector(focused.tagName.toLowerCase());
    if (again instanceof HTMLElement) again.focus();
  }
}

export function jobsPanel(state: SidebarState): void {
  const list = byId("jobs", HTMLUListElement);
  const empty = byId("jobs-empty", HTMLElement);
  const refresh = byId("refresh-jobs", HTMLButtonElement);

  const poller = jobsPoller(state);
  const rendered: Rendered = new Map();

  state.onJobs((jobs) => {
    renderJobs(state, list, rendered, jobs);
    empty.hidden = jobs.length > 0;
    poller.update(pollNeed(jobs));
  });

  state.onAccount(() => state.setJobs(state.jobs));

  state.messages.press(refresh, "Checking your jobs…", async () => {
    const jobs = await state.server.call("refreshJobs");
    state.setJobs(jobs);
    if (state.hasKey) await state.reloadAccount();
    return jobs.some((job) => isActive(job) || sending(job)) ? "Jobs up to date; still working." : "Jobs up to date.";
  });
}
