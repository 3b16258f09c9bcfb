// This file defines the Enrich rows panel ("Select your rows"): "Check selection" shows what the
// selection holds (which rows of which sheet, columns, rows to send, duplicates, rows already
// enriched by you or by a search and why they are not sent, rows skipped and why, the cost)
// before anything is sent; "Enrich rows" then sends the selected rows, with "Re-enrich" as `force`.
import type { SidebarState } from "./panel-context";
import { byId, h, replaceChildren, setRefused } from "./dom";
import { groupDigits, plural, spendLine } from "./format";
import type { EnrichmentPreview } from "./server";

/** Skipped rows listed one by one; the rest are counted. */
const SKIPPED_SHOWN = 8;

function previewLines(preview: EnrichmentPreview): string[] {
  const lines = [
    preview.rowsLabel ? `Selected: ${preview.rowsLabel}` : `Sheet: ${preview.sheetName}`,
    `Name column: ${preview.nameHeader ?? "not found"}`,
    `Website column: ${preview.websiteHeader ?? "not found"}`,
    `Rows to send: ${groupDigits(preview.rowsToSend)}`,
  ];
  if (preview.duplicates > 0) lines.push(`Duplicates (sent once): ${groupDigits(preview.duplicates)}`);
  if (preview.alreadyEnriched > 0) lines.push(`Already enriched (not sent again): ${groupDigits(preview.alreadyEnriched)}`);
  lines.push(spendLine(preview.creditsNeeded, preview.creditsRemaining));
  return lines;
}

export function enrichPanel(state: SidebarState, onStarted: () => void): void {
  const check = byId("check-selection", HTMLButtonElement);
  const enrich = byId("enrich-rows", HTMLButtonElement);
  const force = byId("force", HTMLInputElement);
  const box = byId("preview", HTMLElement);
  let preview: EnrichmentPreview | null = null;

  const showPreview = (found: EnrichmentPreview | null): void => {
    preview = found;
    box.hidden = found === null;
    setRefused(enrich, !found ? "Press Check selection first, to see what will be sent."
      : found.problem ? found.problem
      : found.rowsToSend === 0 ? "Nothing in the selection can be sent."
      : null);
    if (!found) return replaceChildren(box);
    const skipped = found.skipped.slice(0, SKIPPED_SHOWN).map((s) => h("li", {}, `Row ${s.row}: ${s.reason}`));
    const more = found.skipped.length - skipped.length;
    replaceChildren(box,
      found.problem ? h("p", { class: "problem" }, found.problem) : null,
      found.notice ? h("p", { class: "notice" }, found.notice) : null,
      h("ul", { class: "facts" }, ...previewLines(found).map((line) => h("li", {}, line))),
      found.skipped.length > 0 ? h("p", {}, `${plural(found.skipped.length, "row", "rows")} will be skipped:`) : null,
      skipped.length > 0 ? h("ul", { class: "skipped", "aria-label": "Rows that will be skipped" }, ...skipped) : null,
      more > 0 ? h("p", { class: "hint" }, `…and ${groupDigits(more)} more.`) : null);
  };

  check.addEventListener("click", () => {
    void state.messages.act(check, "Reading the selection…", async () => {
      const found = await state.server.call("previewEnrichment", { force: force.checked });
      showPreview(found);
      return found.problem ? "The selection cannot be sent as it is."
        : found.rowsToSend === 0 ? "Nothing in the selection needs sending."
        : `Ready to send ${plural(found.rowsToSend, "row", "rows")}.`;
    });
  });

  // What will be sent depends on force: the old preview no longer says it.
  force.addEventListener("change", () => {
    if (preview) showPreview(null);
  });

  enrich.addEventListener("click", () => {
    void state.messages.act(enrich, "Sending the rows…", async () => {
      const result = await state.server.call("startEnrichment", { force: force.checked });
      showPreview(null);
      onStarted();
      const sent = result.jobs.reduce((sum, job) => sum + (job.leadCount ?? job.creditsCharged ?? 0), 0);
      const skipped = result.skipped.length > 0 ? ` ${plural(result.skipped.length, "row was", "rows were")} skipped: see Enrichment status in the sheet.` : "";
      const bySearch = result.alreadyEnrichedBySearch > 0
        ? ` ${plural(result.alreadyEnrichedBySearch, "row was", "rows were")} already enriched by the search${result.searchName ? ` “${result.searchName}”` : ""}: tick Re-enrich to pay for them again.`
        : "";
      return result.jobs.length === 0
        ? `Nothing was sent from ${result.rowsLabel}.${bySearch}${skipped}`
        : `Enrichment started for ${result.rowsLabel}${sent ? ` (${plural(sent, "business", "businesses")})` : ""}.${bySearch}${skipped}`;
    });
  });

  showPreview(null);
}
