// This file defines the "Open an existing job" panel: the account's recent API jobs, paged, each with Import, and a pasted job id, both
// through importJob. A job says its businesses and its creation time, in the spreadsheet's time zone.
import { KIND_WORDS } from "../rules/job-kinds";
import type { SidebarState } from "./sidebar-state";
import { byId, h, on, replaceChildren } from "./dom";
import { businessCount, shortDateTime, statusWords } from "./format";
import type { JobView, RecentJob } from "./server";

/** A job this document holds: itself, or as part of a line (a territory's search, a search's refresh run), with its sheet a click away. */
function trackedHint(state: SidebarState, job: RecentJob): HTMLElement {
  const line = job.partOf ?? { jobId: job.jobId, name: job.name };
  const showSheet = on(h("button", { class: "link" }, "Show its sheet"), "click", () => state.showJobSheet(line.jobId));
  const words = line.jobId === job.jobId ? "Already in this document." : `Part of “${line.name}” in this document.`;
  return h("p", { class: "hint" }, `${words} `, showSheet);
}

export function openJobPanel(state: SidebarState, onImported: () => void): void {
  const show = byId("show-recent", HTMLButtonElement);
  const list = byId("recent-jobs", HTMLUListElement);
  const more = byId("more-recent", HTMLButtonElement);
  const form = byId("open-job-form", HTMLFormElement);
  const jobId = byId("job-id", HTMLInputElement);
  const open = byId("open-job", HTMLButtonElement);
  let page = 0;
  const created = (job: RecentJob): string => shortDateTime(job.createdAt, state.timeZone);

  const importJob = (button: HTMLButtonElement, id: string, imported?: (job: JobView) => void): Promise<boolean> =>
    state.messages.act(button, "Opening the job…", async () => {
      const job = await state.server.call("importJob", { jobId: id });
      imported?.(job);
      onImported();
      return {
        text: `“${job.name}” is tracked here: its results go into the sheet “${job.sheetName ?? job.name}”.`,
        actions: [{ label: "Show its sheet", run: () => state.showJobSheet(job.jobId) }],
      };
    });

  const recentItem = (job: RecentJob): HTMLLIElement => {
    const button = job.tracked ? null : h("button", {}, "Import");
    if (button)
      on(button, "click", () => {
        void importJob(button, job.jobId, (now) => {
          const partOf = { jobId: now.jobId, name: now.name };
          const leadCount = now.leadCount ?? job.leadCount;
          button.closest("li")?.replaceWith(recentItem({ ...job, status: now.status, leadCount, tracked: true, partOf }));
        });
      });
    const count = job.leadCount === null ? "" : ` · ${businessCount(job.leadCount)}`;
    return h(
      "li",
      { role: "listitem", class: "job", "data-job-id": job.jobId, "data-status": job.status },
      h("p", { class: "job-name", title: job.name }, job.name),
      h("p", { class: "job-meta" }, `${KIND_WORDS[job.kind].label} · ${statusWords(job.status)}${count} · ${created(job)}`),
      job.tracked ? trackedHint(state, job) : button,
    );
  };

  /** Shows the page after `shown` (the first when 0), appended to those shown. */
  const loadPage = (button: HTMLButtonElement, shown: () => number): HTMLButtonElement =>
    state.messages.press(button, "Reading recent jobs…", async () => {
      const next = shown() + 1;
      const found = await state.server.call("recentJobs", { page: next });
      if (next === 1) replaceChildren(list);
      for (const job of found.jobs) list.appendChild(recentItem(job));
      page = next;
      list.hidden = false;
      more.hidden = !found.hasMore;
      return list.children.length === 0 ? "No jobs were made through the API yet." : `${list.children.length} recent jobs.`;
    });
  loadPage(show, () => 0);
  loadPage(more, () => page);

  on(form, "submit", (event) => {
    event.preventDefault();
    const id = jobId.value.trim();
    if (!id) {
      state.messages.fail(new Error("Paste a job ID first."));
      jobId.focus();
      return;
    }
    void importJob(open, id).then((ok) => {
      if (ok) jobId.value = "";
    });
  });
}
