// This file defines the Enrich rows panel: "Check selection" shows what the selection holds (rows, columns, businesses, duplicates, rows
// skipped and why, the cost) with nothing sent; "Enrich rows" sends them ("Re-enrich" as `force`). With no header row naming
// the columns, it offers the rows' columns to choose the name and website from, and previews the choice.
import { REQUEST_LIMITS } from "../rules/request-limits";
import type { SidebarState } from "./sidebar-state";
import { byId, h, on, para, replaceChildren, setRefused } from "./dom";
import { businessesOfRows, capitalised, groupDigits, plural, skippedGroups, spendLine } from "./format";
import type { EnrichmentPreview, ResultOf } from "./server";

type ColumnChoice = NonNullable<EnrichmentPreview["columnChoice"]>;
/** The columns chosen by letter, as startEnrichment takes them. */
interface ChosenColumns {
  nameColumn: string;
  websiteColumn: string;
}

function previewLines(preview: EnrichmentPreview): string[] {
  const choice = preview.columnChoice;
  // Chosen columns: "Rows 20–22 of Sheet1, columns G (name) and H (website)".
  const lines = choice
    ? [`${capitalised(choice.rowsLabel)}, columns ${choice.nameColumn ?? "?"} (name) and ${choice.websiteColumn ?? "?"} (website)`]
    : [
        preview.rowsLabel ? `Selected: ${preview.rowsLabel}` : `Sheet: ${preview.sheetName}`,
        `Name column: ${preview.nameHeader ?? "not found"}`,
        `Website column: ${preview.websiteHeader ?? "not found"}`,
      ];
  const rows = preview.rowsToSend + preview.duplicates;
  lines.push(`Rows to send: ${groupDigits(rows)} ${businessesOfRows(rows, preview.rowsToSend)}`);
  if (preview.alreadyEnriched > 0) lines.push(`Already enriched (not sent again): ${groupDigits(preview.alreadyEnriched)}`);
  lines.push(spendLine(preview.creditsNeeded, preview.creditsRemaining));
  // More jobs than the service runs at once: the rest go from the background, and it takes hours.
  if (preview.duration) lines.push(`${plural(preview.jobs, "job", "jobs")} of up to ${REQUEST_LIMITS.businessesMax}: ${preview.duration}`);
  return lines;
}

/** Says what the preview found, in the box under the buttons; `columnsKnown`: found by the header row, or chosen. */
function renderPreview(box: HTMLElement, found: EnrichmentPreview, columnsKnown: boolean): void {
  // No header row names the columns: the sentence asks to choose them, below; nothing else is known yet.
  if (found.columnChoice && !columnsKnown) return replaceChildren(box, h("p", { class: "problem" }, found.problem ?? ""));
  replaceChildren(
    box,
    para("problem", found.problem),
    para("notice", found.notice),
    para("notice", found.roomNotice),
    para(
      "notice",
      found.columnChoice?.addsHeaderRow &&
        "The list starts in row 1: Enrich rows first inserts a row above it for the headers (Name, Website and the results), " +
          "so its rows move down one.",
    ),
    h("ul", { class: "facts" }, ...previewLines(found).map((line) => h("li", {}, line))),
    found.skipped.length > 0 ? h("p", {}, `${plural(found.skipped.length, "row", "rows")} will be skipped:`) : null,
    found.skipped.length > 0
      ? h(
          "ul",
          { class: "skipped", "aria-label": "Rows that will be skipped" },
          ...skippedGroups(found.skipped).map((line) => h("li", {}, line)),
        )
      : null,
  );
}

/** The message line after a preview; `columns`: the columns chosen for it. */
function previewSentence(found: EnrichmentPreview, columns?: ChosenColumns): string {
  const of = columns ? ` of columns ${columns.nameColumn} and ${columns.websiteColumn}` : "";
  return found.problem
    ? "The selection cannot be sent as it is."
    : found.rowsToSend === 0
      ? "Nothing in the selection needs sending."
      : `Ready to send ${plural(found.rowsToSend + found.duplicates, "row", "rows")}${of}.`;
}

/** Fills a picker with the columns to choose from, `selected` chosen (or none). */
function fillPicker(select: HTMLSelectElement, choice: ColumnChoice, selected: string | null): void {
  replaceChildren(
    select,
    h("option", { value: "", selected: selected === null }, "Choose a column"),
    ...choice.candidates.map((c) => h("option", { value: c.column, selected: c.column === selected }, `${c.column} · ${c.sample}`)),
  );
}

/** The message line once the rows were sent: what started, what waits, what was not sent and why. */
function startedSentence(result: ResultOf<"startEnrichment">): string {
  const rows = result.businesses + result.duplicates;
  const skipped =
    result.skipped.length > 0
      ? ` ${plural(result.skipped.length, "row was", "rows were")} skipped: see Enrichment status in the sheet.`
      : "";
  const bySearch =
    result.alreadyEnrichedBySearch > 0
      ? ` ${plural(result.alreadyEnrichedBySearch, "row was", "rows were")} already enriched by the ` +
        `search${result.searchName ? ` “${result.searchName}”` : ""}: tick Re-enrich to pay for them again.`
      : "";
  const waiting =
    result.waiting > 0
      ? ` ${plural(result.waiting, "more row waits", "more rows wait")} for a free job slot and ${result.waiting === 1 ? "is" : "are"} ` +
        "sent automatically, in the background: the run is one line of Jobs, below."
      : "";
  return result.jobs.length === 0 && result.waiting === 0
    ? `Nothing was sent from ${result.rowsLabel}.${bySearch}${skipped}`
    : `Enrichment started for ${result.rowsLabel}: ${plural(rows, "row", "rows")} ${businessesOfRows(rows, result.businesses)}.` +
        `${waiting}${bySearch}${skipped}`;
}

/** Why Enrich cannot be pressed with this preview; null when it can. */
function enrichRefusal(found: EnrichmentPreview | null): string | null {
  if (!found) return "Press Check selection first, to see what will be sent.";
  if (found.problem) return found.problem;
  return found.rowsToSend === 0 ? "Nothing in the selection can be sent." : null;
}

/** What the column pickers still need. */
const columnsMissing = (name: string, website: string): string =>
  name !== "" && name === website
    ? "Choose two different columns: one for the names, one for the websites."
    : "Choose the name column and the website column.";

export function enrichPanel(state: SidebarState, onStarted: () => void): void {
  const check = byId("check-selection", HTMLButtonElement);
  const enrich = byId("enrich-rows", HTMLButtonElement);
  const force = byId("force", HTMLInputElement);
  const box = byId("preview", HTMLElement);
  const columns = byId("enrich-columns", HTMLFieldSetElement);
  const namePick = byId("name-column", HTMLSelectElement);
  const websitePick = byId("website-column", HTMLSelectElement);
  let preview: EnrichmentPreview | null = null;
  /** The columns the shown preview was made with (null: found by the header row); a start sends the same. */
  let chosen: ChosenColumns | null = null;

  const showPreview = (found: EnrichmentPreview | null): void => {
    preview = found;
    box.hidden = found === null;
    setRefused(enrich, enrichRefusal(found));
    if (!found) return replaceChildren(box);
    renderPreview(box, found, chosen !== null);
  };

  const pickedColumns = (): ChosenColumns | null =>
    namePick.value !== "" && websitePick.value !== "" && namePick.value !== websitePick.value
      ? { nameColumn: namePick.value, websiteColumn: websitePick.value }
      : null;

  /** The preview with the picked columns; a sentence for the message line. */
  const previewPicked = async (): Promise<string> => {
    chosen = pickedColumns();
    if (!chosen) {
      const reason = columnsMissing(namePick.value, websitePick.value);
      showPreview(null);
      setRefused(enrich, reason);
      return reason;
    }
    const found = await state.server.call("previewEnrichment", { force: force.checked, ...chosen });
    showPreview(found);
    return previewSentence(found, chosen);
  };

  state.messages.press(check, "Reading the selection…", async () => {
    chosen = null;
    const found = await state.server.call("previewEnrichment", { force: force.checked });
    const choice = found.problem ? found.columnChoice : null;
    columns.hidden = choice === null;
    if (choice) {
      // The columns picked before stay picked while the rows still have them; else the suggested ones.
      const keep = (picked: string, suggested: string | null) => (choice.candidates.some((c) => c.column === picked) ? picked : suggested);
      fillPicker(namePick, choice, keep(namePick.value, choice.nameColumn));
      fillPicker(websitePick, choice, keep(websitePick.value, choice.websiteColumn));
      if (pickedColumns()) return previewPicked();
    }
    showPreview(found);
    return previewSentence(found);
  });

  for (const picker of [namePick, websitePick])
    on(picker, "change", () => void state.messages.act(check, "Reading the columns…", previewPicked));

  // What will be sent depends on force: the old preview no longer says it.
  on(force, "change", () => {
    if (preview) showPreview(null);
  });

  state.messages.press(enrich, "Sending the rows…", async () => {
    const result = await state.server.call("startEnrichment", { force: force.checked, ...chosen });
    showPreview(null);
    columns.hidden = true;
    chosen = null;
    onStarted();
    return startedSentence(result);
  });

  showPreview(null);
}
