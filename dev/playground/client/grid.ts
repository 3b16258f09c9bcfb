// This file is the playground page's own script (runs in the browser): the live view of the
// emulated spreadsheet — sheet tabs, cells, a selection made with the mouse or the keyboard, cells
// typed into as in Sheets — and the page's controls (paste a list, sort, create a job elsewhere,
// move the virtual clock forward). Every cell is inserted as text, never as HTML. The server sends
// the rows near the view (and the frozen ones) with the sheet's size, and the page asks for the
// rows it scrolls to; it puts in the page only those rows (the frozen rows stay on top, the frozen
// columns on the left): margins above and below the table stand for the others. Columns and rows
// scroll by whole columns and rows, as in Sheets, so none is half hidden under the frozen ones; a
// right-click or Shift+F10 offers to insert a column (column-menu.ts); F6 goes to the sidebar
// (regions.ts).
import { columnToLetters } from "../../fakes/spreadsheet/a1";
import type { AdvanceAnswer, GridAnswer, GridState, PastedList } from "../grid-state";
import { type Cell, type Editing, type KeyAction, a1Of, bounds, keyAction, parseRange, rangeA1, startsCustomFormula } from "./grid-keys";
import { SheetRows } from "./grid-rows";
import { ColumnMenu } from "./column-menu";
import { wireRegions } from "./regions";

const POLL_MS = 700;
/**
 * Rows rendered (and asked of the server) above and below the visible ones; the window moves when
 * the view comes within RENDER_MARGIN of its edge.
 */
const OVERSCAN_ROWS = 80;
const RENDER_MARGIN_ROWS = 30;

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found as T;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!answer.ok) throw new Error(answer.error?.message ?? `${path} failed`);
  return answer.value as T;
}

/** The page's status line: what the last action did; the next action clears it (say("")). */
function say(message: string): void {
  element<HTMLParagraphElement>("page-status").textContent = message;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

class Grid {
  private state: GridState | null = null;
  private version = "";
  /** The selection's active cell and its other corner (they differ after a drag or Shift+arrows). */
  private anchor: Cell = { row: 1, column: 1 };
  private corner: Cell = { row: 1, column: 1 };
  private dragging = false;
  private editing: Editing | null = null;
  /** Bumped by every selection the page makes: a grid answer asked for before it may not undo it. */
  private selectionEpoch = 0;
  /** The epoch of the newest selection the document has taken: an answer asked for before it came holds an older one. */
  private ackedEpoch = 0;
  private selectionsInFlight = 0;
  /** The newest selection not sent yet (while one is on its way). */
  private unsentSelection: { sheetName: string; a1: string; epoch: number } | null = null;
  private shownSheet = "";
  private pollTimer: number | undefined;
  private polling = false;
  private pollAgain = false;
  private rows = 0;
  private columns = 0;
  /** The column a run of Tabs started in: Enter then goes to the next row in it (null outside a run). */
  private tabRunColumn: number | null = null;
  /** The rendered rows below the frozen ones, [first, last]; a body row's height in px, measured. */
  private windowRows: { first: number; last: number } = { first: 1, last: 0 };
  private rowHeight = 22;
  /** The rows the server sent, kept while the view moves. */
  private readonly data = new SheetRows();
  /** How far the row numbers and the frozen columns reach from the view's left edge (px). */
  private frozenWidth = 0;

  private readonly table = element<HTMLTableElement>("grid");
  private readonly wrap = element<HTMLDivElement>("grid-wrap");
  private readonly editor = element<HTMLInputElement>("cell-editor");
  private readonly tabs = element<HTMLDivElement>("tabs");
  private readonly below = element<HTMLDivElement>("grid-below");
  private readonly selectionBox = element<HTMLOutputElement>("selection");
  private readonly formulaBar = element<HTMLOutputElement>("formula-bar");
  private readonly errorCard = element<HTMLDivElement>("cell-error");
  private readonly clock = element<HTMLSpanElement>("clock");

  private readonly menu = new ColumnMenu(element<HTMLDivElement>("grid-menu"), {
    insert: (side, column) => insertColumn(this, side, column),
    focusGrid: () => this.focus(),
  });

  focus(): void {
    this.table.focus();
  }

  start(): void {
    this.table.addEventListener("contextmenu", (e) => this.onContextMenu(e));
    this.table.addEventListener("mousedown", (e) => this.onMouseDown(e));
    this.table.addEventListener("mouseover", (e) => this.onMouseOver(e));
    this.table.addEventListener("dblclick", (e) => {
      const cell = this.cellAt(e);
      if (cell !== null) this.startEditing(cell, "edit", null);
    });
    this.table.addEventListener("keydown", (e) => this.onKey(e, null));
    this.wrap.addEventListener("scroll", () => {
      if (!this.windowCovers(this.visibleRows())) this.renderRows();
    });
    this.wrap.addEventListener("scrollend", () => this.settleOnRow());
    this.editor.addEventListener("keydown", (e) =>
      this.onKey(e, this.editing === null ? null : { mode: this.editing.mode, text: this.editor.value }),
    );
    this.editor.addEventListener("blur", () => {
      if (this.editing !== null) void this.commit(null);
    });
    document.addEventListener("mouseup", () => this.onMouseUp());
    // A mouse wheel scrolls the one-line tab bar sideways.
    this.tabs.addEventListener(
      "wheel",
      (e) => {
        if (Math.abs(e.deltaY) <= Math.abs(e.deltaX)) return;
        this.tabs.scrollLeft += e.deltaY;
        e.preventDefault();
      },
      { passive: false },
    );
    void this.poll();
  }

  private async poll(): Promise<void> {
    window.clearTimeout(this.pollTimer);
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = true;
    const epoch = this.selectionEpoch;
    // Whether the document had the page's selection when it was asked (a poll may start while a
    // selection is still on its way, or before it is sent: a key that scrolls to rows not here).
    const documentHadIt = this.ackedEpoch === epoch;
    try {
      const rows = this.wantedRows();
      const res = await fetch(`/api/grid?since=${encodeURIComponent(this.version)}&rows=${rows.first}-${rows.last}`);
      const answer = (await res.json()) as GridAnswer;
      this.showClock(answer.clock);
      if (answer.state !== undefined && !this.dragging) {
        this.version = answer.version;
        // A selection the page made after asking, or before the document had it, is newer than the answer's.
        const keepLocal = !documentHadIt || epoch !== this.selectionEpoch || this.selectionsInFlight > 0;
        this.render(answer.state, keepLocal && answer.state.activeSheet === this.state?.activeSheet);
      }
    } catch {
      this.clock.textContent = "The playground server is not answering (stopped?)";
    }
    this.polling = false;
    const again = this.pollAgain;
    this.pollAgain = false;
    this.pollTimer = window.setTimeout(() => void this.poll(), again ? 0 : POLL_MS);
  }

  /** Asks for the grid now instead of at the next poll (after the page changed something). */
  refreshSoon(): void {
    this.version = "";
    void this.poll();
  }

  private showClock(clock: GridAnswer["clock"]): void {
    const at = (ms: number): string => new Date(ms).toISOString().replace("T", " ").slice(0, 16);
    const next = clock.nextTriggerAt === null ? "no background pass scheduled" : `next background pass ${at(clock.nextTriggerAt)}`;
    this.clock.textContent = `Virtual clock ${at(clock.now)} UTC, ${clock.speed}× real time; ${next}`;
  }

  private render(state: GridState, keepLocalSelection: boolean): void {
    this.state = state;
    // Another sheet opens at its top left, as a sheet opened in Sheets does (then shows its selection).
    const switched = this.data.take(state);
    if (switched) {
      this.wrap.scrollTop = 0;
      this.wrap.scrollLeft = 0;
    }
    this.renderTabs(state);
    const selectionBefore = rangeA1(this.anchor, this.corner);
    if (!keepLocalSelection) {
      const range = parseRange(state.selection);
      if (range !== null) [this.anchor, this.corner] = this.anchorAndCorner(range);
    }
    // The sheet's rows (every one), and its columns from 8 up; one row and one column past the data
    // are always there to type into, as the sheet grows to take them.
    const used = state.totalColumns;
    this.columns = Math.max(Math.min(state.maxColumns, Math.max(8, used + 1)), used + 1);
    this.rows = Math.max(state.maxRows, state.totalRows + 1);
    this.table.setAttribute("aria-label", `Cells of ${state.activeSheet}`);
    this.table.setAttribute("aria-rowcount", String(this.rows));
    this.table.setAttribute("aria-colcount", String(this.columns));
    this.windowRows = this.windowAround(this.visibleRows());
    this.renderRows();
    // The view goes to the selection when it is new, not on every answer: rows scrolled to stay in view.
    this.showSelection(switched || rangeA1(this.anchor, this.corner) !== selectionBefore);
    if (this.editing !== null) this.placeEditor(this.editing.cell);
  }

  /** The rows below the frozen ones that the view shows now (by the measured row height). */
  private visibleRows(): { first: number; last: number } {
    const frozen = this.state?.frozenRows ?? 0;
    const top = this.wrap.scrollTop;
    const first = frozen + 1 + Math.floor(Math.max(0, top - this.headHeight()) / this.rowHeight);
    return { first, last: first + Math.ceil(this.wrap.clientHeight / this.rowHeight) };
  }

  /** The rows to ask the server for: those the page renders (before the first answer, the top of the sheet). */
  private wantedRows(): { first: number; last: number } {
    if (this.state !== null) return this.windowRows;
    const visible = this.visibleRows();
    return { first: 1, last: visible.last + OVERSCAN_ROWS };
  }

  private windowAround(visible: { first: number; last: number }): { first: number; last: number } {
    const frozen = this.state?.frozenRows ?? 0;
    return { first: Math.max(frozen + 1, visible.first - OVERSCAN_ROWS), last: Math.min(this.rows, visible.last + OVERSCAN_ROWS) };
  }

  /** Whether the rendered rows reach RENDER_MARGIN_ROWS past the visible ones (or the grid's edge). */
  private windowCovers(visible: { first: number; last: number }): boolean {
    const frozen = this.state?.frozenRows ?? 0;
    const { first, last } = this.windowRows;
    return (
      (first <= frozen + 1 || first <= visible.first - RENDER_MARGIN_ROWS) &&
      (last >= this.rows || last >= visible.last + RENDER_MARGIN_ROWS)
    );
  }

  private headHeight(): number {
    return this.table.tHead?.getBoundingClientRect().height ?? 0;
  }

  /** The table: the header, the frozen rows, then the window's rows; margins stand for the rows left out. */
  private renderRows(): void {
    const state = this.state;
    if (state === null) return;
    const wanted = this.windowAround(this.visibleRows());
    if (!this.windowCovers(this.visibleRows()) || this.table.tBodies.length === 0) this.windowRows = wanted;
    const { first, last } = this.windowRows;
    const frozen = Math.min(state.frozenRows, this.rows);
    const head = document.createElement("tr");
    const corner = document.createElement("th");
    corner.className = "corner";
    head.append(corner);
    for (let c = 1; c <= this.columns; c += 1) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = columnToLetters(c);
      this.markColumn(th, c);
      head.append(th);
    }
    const body: HTMLTableRowElement[] = [];
    for (let r = 1; r <= frozen; r += 1) body.push(this.renderRow(state, r));
    for (let r = first; r <= last; r += 1) body.push(this.renderRow(state, r));
    const thead = document.createElement("thead");
    thead.append(head);
    const tbody = document.createElement("tbody");
    tbody.append(...body);
    // The column at the view's left edge stays there, whole, when the new rows widen or narrow the columns.
    const leftColumn = this.columnAtViewStart();
    this.table.replaceChildren(thead, tbody);
    const standIn = (): void => {
      this.table.style.marginTop = `${(first - frozen - 1) * this.rowHeight}px`;
      this.below.style.height = `${Math.max(0, this.rows - last) * this.rowHeight}px`;
    };
    standIn();
    // The page's row height may differ from the guess (fonts): measure, and stand in for the rows by it.
    const rendered = tbody.rows;
    const a = rendered[frozen];
    const b = rendered[rendered.length - 1];
    if (a !== undefined && b !== undefined && b !== a) {
      const measured = (b.getBoundingClientRect().bottom - a.getBoundingClientRect().top) / (rendered.length - frozen);
      if (Math.abs(measured - this.rowHeight) > 0.01) {
        this.rowHeight = measured;
        standIn();
      }
    }
    this.table.style.setProperty("--head-height", `${this.headHeight()}px`);
    this.placeFrozenColumns();
    if (leftColumn !== null) this.wrap.scrollLeft = this.columnStart(leftColumn);
    this.markSelection();
    // Rows the server has not sent for this view yet: ask now, not at the next poll.
    if (!this.data.covers(this.windowRows, state.maxRows)) void this.poll();
  }

  /** A frozen column's cells stay on the left (placed by placeFrozenColumns); the others' headers are where scrolling stops. */
  private markColumn(cell: HTMLTableCellElement, column: number): void {
    const frozen = Math.min(this.state?.frozenColumns ?? 0, this.columns);
    if (column > frozen) return;
    cell.classList.add("frozen-column");
    cell.dataset["frozenColumn"] = String(column);
    if (column === frozen) cell.classList.add("frozen-edge");
  }

  /**
   * Pins the row numbers and the frozen columns where they are when nothing is scrolled (each
   * frozen column at the widths of those left of it), and tells the view how far they reach, so
   * that scrolling stops at the columns' edges past them.
   */
  private placeFrozenColumns(): void {
    const head = this.table.tHead?.rows[0];
    if (head === undefined) return;
    // By widths: where a pinned cell is drawn depends on the scrolling.
    const widths: number[] = [];
    for (let c = 0; c < head.cells.length && (c === 0 || head.cells[c]?.classList.contains("frozen-column")); c += 1) {
      widths.push(head.cells[c]?.getBoundingClientRect().width ?? 0);
    }
    const pinnedWidth = widths.reduce((sum, width) => sum + width, 0);
    // The first scrolling column's own left edge (it is never pinned): the row numbers start where
    // it is less the pinned widths (the table's border), and it snaps to 0.
    const firstScrolling = head.cells[widths.length];
    const outer = this.wrap.getBoundingClientRect().left - this.wrap.scrollLeft;
    this.frozenWidth = firstScrolling === undefined ? pinnedWidth : firstScrolling.getBoundingClientRect().left - outer;
    const start = Math.max(0, this.frozenWidth - pinnedWidth);
    this.wrap.style.scrollPaddingLeft = `${this.frozenWidth}px`;
    this.table.style.setProperty("--row-numbers-left", `${start}px`);
    for (const cell of Array.from(this.table.querySelectorAll<HTMLElement>("[data-frozen-column]"))) {
      const column = Number(cell.dataset["frozenColumn"]);
      cell.style.left = `${start + widths.slice(0, column).reduce((sum, width) => sum + width, 0)}px`;
    }
  }

  private renderRow(state: GridState, r: number): HTMLTableRowElement {
    const tr = document.createElement("tr");
    tr.setAttribute("aria-rowindex", String(r + 1));
    if (r <= state.frozenRows) tr.className = r === state.frozenRows ? "frozen frozen-edge" : "frozen";
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = String(r);
    tr.append(th);
    for (let c = 1; c <= this.columns; c += 1) {
      const td = document.createElement("td");
      const a1 = a1Of({ row: r, column: c });
      td.id = `cell-${a1}`;
      td.dataset["cell"] = a1;
      td.setAttribute("role", "gridcell");
      this.markColumn(td, c);
      const text = this.data.value(r, c);
      td.textContent = text;
      if (this.data.isNumber(r, c)) td.classList.add("number");
      const error = this.data.error(r, c);
      if (error !== undefined) {
        td.classList.add("error");
        td.title = `Error: ${error}`;
      } else if (text.length > 40) td.title = text;
      tr.append(td);
    }
    return tr;
  }

  private renderTabs(state: GridState): void {
    this.activeSheetName = state.activeSheet;
    // A tab being renamed keeps its field (and the typing in it) until Enter or Escape.
    if (this.renaming !== null) return;
    this.tabs.replaceChildren(
      ...state.sheets.map((name) => {
        const tab = document.createElement("button");
        tab.type = "button";
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-selected", String(name === state.activeSheet));
        tab.textContent = name;
        tab.title = `${name} (double-click to rename)`;
        tab.addEventListener("click", () => {
          say("");
          void post("/api/show-sheet", { sheetName: name }).then(
            () => this.refreshSoon(),
            (e: unknown) => say(messageOf(e)),
          );
        });
        tab.addEventListener("dblclick", () => this.rename(name));
        return tab;
      }),
    );
    // The bar scrolls sideways; a newly active sheet's tab is brought into view (once, so the user can scroll away). By the bar's
    // own scrollLeft, not scrollIntoView: Chromium makes the scrolled-to element the start of Tab's order, so the page's first Tab
    // would skip the skip link.
    if (state.activeSheet !== this.shownSheet) {
      this.shownSheet = state.activeSheet;
      const tab = this.tabs.querySelector<HTMLElement>("[aria-selected=true]");
      if (tab) this.bringIntoBar(tab);
    }
  }

  /** Scrolls the tab bar (only it) so that `tab` shows whole. */
  private bringIntoBar(tab: HTMLElement): void {
    const bar = this.tabs.getBoundingClientRect();
    const shown = tab.getBoundingClientRect();
    if (shown.left < bar.left) this.tabs.scrollLeft -= bar.left - shown.left;
    else if (shown.right > bar.right) this.tabs.scrollLeft += shown.right - bar.right;
  }

  /** The active sheet's name, as last shown. */
  private activeSheetName = "";
  /** The sheet whose tab is a name field now, as Sheets' Rename does it; null: none. */
  private renaming: string | null = null;

  /** Turns `name`'s tab (the active sheet's by default) into a field: Enter renames the sheet, Escape leaves it as it was. */
  rename(name = this.activeSheetName): void {
    const tab = Array.from(this.tabs.querySelectorAll<HTMLElement>("[role=tab]")).find((each) => each.textContent === name);
    if (!tab || this.renaming !== null) return;
    this.renaming = name;
    const field = document.createElement("input");
    field.type = "text";
    field.value = name;
    field.setAttribute("aria-label", `New name of sheet ${name}`);
    const done = (): void => {
      this.renaming = null;
      this.refreshSoon();
    };
    field.addEventListener("keydown", (e) => {
      if (e.key === "Escape") done();
      if (e.key !== "Enter") return;
      e.preventDefault();
      void post<string>("/api/rename-sheet", { sheetName: name, newName: field.value })
        .then((renamed) => {
          say(`Renamed "${name}" to "${renamed}".`);
          done();
        })
        .catch((error: unknown) => say(messageOf(error)));
    });
    tab.replaceWith(field);
    field.focus();
    field.select();
  }

  /** The server's selection keeps its active cell where the page put it, if it is still a corner. */
  private anchorAndCorner(range: { top: Cell; bottom: Cell }): [Cell, Cell] {
    const { top, bottom } = range;
    const corners: Cell[] = [top, bottom, { row: top.row, column: bottom.column }, { row: bottom.row, column: top.column }];
    const anchor = corners.find((c) => c.row === this.anchor.row && c.column === this.anchor.column) ?? top;
    return [
      anchor,
      { row: anchor.row === top.row ? bottom.row : top.row, column: anchor.column === top.column ? bottom.column : top.column },
    ];
  }

  /** Shows the selection: in the toolbar, on the cells, in the formula bar; `scroll` brings its active cell into view. */
  private showSelection(scroll = true): void {
    if (this.state === null) return;
    this.selectionBox.value = `${this.state.activeSheet}!${rangeA1(this.anchor, this.corner)}`;
    if (scroll) {
      this.scrollToRow(this.anchor.row);
      this.scrollToColumn(this.anchor.column);
    }
    this.markSelection();
    const active = a1Of(this.anchor);
    this.formulaBar.value = this.data.input(this.anchor.row, this.anchor.column);
    const error = this.data.error(this.anchor.row, this.anchor.column);
    this.errorCard.hidden = error === undefined;
    this.errorCard.textContent = error === undefined ? "" : `Error in ${active}: ${error}`;
    this.errorCard.title = this.errorCard.textContent;
  }

  /** Scrolls the view so `row` is in it below the header and the frozen rows, rendering its rows. */
  private scrollToRow(row: number): void {
    const frozen = this.state?.frozenRows ?? 0;
    if (row > frozen) {
      const head = this.headHeight();
      const covered = head + frozen * this.rowHeight;
      const top = head + (row - 1) * this.rowHeight;
      // By whole rows, as Sheets scrolls: no row half hidden under the header and the frozen rows.
      if (top - covered < this.wrap.scrollTop) this.wrap.scrollTop = top - covered;
      else if (top + this.rowHeight > this.wrap.scrollTop + this.wrap.clientHeight)
        this.wrap.scrollTop = this.wholeRows(top + this.rowHeight - this.wrap.clientHeight, "up");
    }
    if (!this.windowCovers(this.visibleRows())) this.renderRows();
  }

  /** `scrollTop` at a whole row's edge under the frozen rows: the next one down ("up"), or the nearest. */
  private wholeRows(scrollTop: number, round: "up" | "nearest"): number {
    const rows = scrollTop / this.rowHeight;
    return (round === "up" ? Math.ceil(rows - 0.01) : Math.round(rows)) * this.rowHeight;
  }

  /** After a scroll by the wheel or the scroll bar, the view settles on a whole row's edge (unless at the bottom). */
  private settleOnRow(): void {
    const top = this.wrap.scrollTop;
    if (top + this.wrap.clientHeight >= this.wrap.scrollHeight - 1) return;
    const settled = this.wholeRows(top, "nearest");
    if (Math.abs(settled - top) > 0.5) this.wrap.scrollTop = settled;
  }

  /**
   * Scrolls the view sideways so `column` is in it right of the row numbers and the frozen
   * columns, stopping at a column's left edge (as the view's scroll snapping does).
   */
  private scrollToColumn(column: number): void {
    const head = this.table.tHead?.rows[0];
    const th = head?.cells[column];
    if (head === undefined || th === undefined || th.classList.contains("frozen-column")) return;
    const startOf = (c: number): number => this.columnStart(c);
    const start = startOf(column);
    const end = start + th.getBoundingClientRect().width;
    const room = this.wrap.clientWidth - this.frozenWidth;
    if (start < this.wrap.scrollLeft) this.wrap.scrollLeft = start;
    else if (end > this.wrap.scrollLeft + room) {
      // The first column edge from which the whole column fits.
      let target = start;
      for (let c = column - 1; c >= 1 && !head.cells[c]?.classList.contains("frozen-column") && end - startOf(c) <= room; c -= 1)
        target = startOf(c);
      this.wrap.scrollLeft = target;
    }
  }

  /** The scrollLeft at which `column` starts right of the row numbers and the frozen columns. */
  private columnStart(column: number): number {
    const outer = this.wrap.getBoundingClientRect().left - this.wrap.scrollLeft;
    return (this.table.tHead?.rows[0]?.cells[column]?.getBoundingClientRect().left ?? 0) - outer - this.frozenWidth;
  }

  /** The first scrolling column not wholly hidden under the frozen ones, once the view is scrolled right; else null. */
  private columnAtViewStart(): number | null {
    const head = this.table.tHead?.rows[0];
    if (head === undefined || this.wrap.scrollLeft <= 0) return null;
    for (let c = 1; c < head.cells.length; c += 1) {
      const th = head.cells[c];
      if (th === undefined || th.classList.contains("frozen-column")) continue;
      if (this.columnStart(c) + th.getBoundingClientRect().width > this.wrap.scrollLeft + 1) return c;
    }
    return null;
  }

  /** The selection's classes on the rendered cells. */
  private markSelection(): void {
    const { top, bottom } = bounds(this.anchor, this.corner);
    for (const td of Array.from(this.table.querySelectorAll<HTMLTableCellElement>("td[data-cell]"))) {
      const cell = parseRange(td.dataset["cell"] ?? "")?.top;
      const inside =
        cell !== undefined && cell.row >= top.row && cell.row <= bottom.row && cell.column >= top.column && cell.column <= bottom.column;
      td.classList.toggle("selected", inside);
      td.setAttribute("aria-selected", String(inside));
      td.classList.toggle("active", cell !== undefined && cell.row === this.anchor.row && cell.column === this.anchor.column);
    }
    this.table.setAttribute("aria-activedescendant", `cell-${a1Of(this.anchor)}`);
  }

  /** What the formula bar shows for a cell: its formula or quote-prefixed text, else what it displays. */
  private inputOf(cell: Cell): string {
    return this.data.input(cell.row, cell.column);
  }

  private cellAt(event: Event): Cell | null {
    const target = event.target instanceof HTMLElement ? event.target.closest<HTMLTableCellElement>("td[data-cell]") : null;
    return target === null ? null : (parseRange(target.dataset["cell"] ?? "")?.top ?? null);
  }

  private onMouseDown(event: MouseEvent): void {
    const cell = this.cellAt(event);
    if (cell === null) return;
    event.preventDefault();
    say("");
    if (this.editing !== null) void this.commit(null);
    this.tabRunColumn = null;
    this.table.focus();
    if (!event.shiftKey) this.anchor = cell;
    this.corner = cell;
    this.dragging = true;
    this.selectionEpoch += 1;
    this.showSelection();
  }

  private onMouseOver(event: MouseEvent): void {
    if (!this.dragging) return;
    const cell = this.cellAt(event);
    if (cell === null) return;
    this.corner = cell;
    this.showSelection();
  }

  private onMouseUp(): void {
    if (!this.dragging) return;
    this.dragging = false;
    this.sendSelection();
  }

  /** A right-click on a cell: the cell is selected (unless inside the selection) and the menu opens there. */
  private onContextMenu(event: MouseEvent): void {
    const cell = this.cellAt(event);
    if (cell === null || this.state === null) return;
    event.preventDefault();
    const { top, bottom } = bounds(this.anchor, this.corner);
    const inside = cell.row >= top.row && cell.row <= bottom.row && cell.column >= top.column && cell.column <= bottom.column;
    if (!inside) this.perform({ kind: "select", anchor: cell, corner: cell });
    this.menu.open(cell.column, event.clientX, event.clientY);
  }

  /** Shift+F10 or the context-menu key: the menu at the active cell. */
  private openMenuAtActiveCell(): void {
    const box = document.getElementById(`cell-${a1Of(this.anchor)}`)?.getBoundingClientRect();
    this.menu.open(this.anchor.column, box?.left ?? 0, box?.bottom ?? 0);
  }

  private onKey(event: KeyboardEvent, editing: { mode: Editing["mode"]; text: string } | null): void {
    if (this.state === null) return;
    if (editing === null && ((event.key === "F10" && event.shiftKey) || event.key === "ContextMenu")) {
      event.preventDefault();
      this.openMenuAtActiveCell();
      return;
    }
    // A value being entered is data: the grid goes on one row and one column past it, as it will once entered.
    const past = editing === null ? { row: 0, column: 0 } : { row: this.anchor.row + 1, column: this.anchor.column + 1 };
    const limits = {
      rows: Math.max(this.rows, past.row),
      columns: Math.max(this.columns, past.column),
      usedRows: this.state.totalRows,
      usedColumns: this.state.totalColumns,
    };
    const action = keyAction(
      { key: event.key, shift: event.shiftKey, ctrl: event.ctrlKey || event.metaKey, alt: event.altKey },
      { anchor: this.anchor, corner: this.corner },
      editing,
      limits,
      this.tabRunColumn,
    );
    if (action === null) return;
    event.preventDefault();
    say("");
    const from = this.anchor.column;
    this.perform(action);
    // A Tab that moves starts or continues a run of Tabs; any other move or entry ends it.
    if (event.key === "Tab") this.tabRunColumn = this.tabRunColumn ?? from;
    else if (action.kind === "select" || action.kind === "commit" || action.kind === "clear") this.tabRunColumn = null;
  }

  private perform(action: KeyAction): void {
    switch (action.kind) {
      case "select":
        this.anchor = action.anchor;
        this.corner = action.corner;
        this.selectionEpoch += 1;
        this.showSelection();
        this.sendSelection();
        return;
      case "edit":
        this.startEditing(this.anchor, action.mode, action.text);
        return;
      case "commit":
        void this.commit(action.then);
        return;
      case "cancel":
        this.stopEditing();
        return;
      case "clear": {
        const sheetName = this.state?.activeSheet ?? "";
        const a1 = rangeA1(this.anchor, this.corner);
        for (const td of this.selectedCells()) td.textContent = "";
        void post("/api/clear", { sheetName, a1 }).then(
          () => this.refreshSoon(),
          (e: unknown) => say(messageOf(e)),
        );
        return;
      }
    }
  }

  private selectedCells(): HTMLTableCellElement[] {
    return Array.from(this.table.querySelectorAll<HTMLTableCellElement>("td.selected"));
  }

  /**
   * Sends the selection to the document, one request at a time: requests sent side by side may
   * arrive in any order (Shift+↓ nine times quickly), and the document must end with the last.
   */
  private sendSelection(): void {
    if (this.state === null) return;
    this.unsentSelection = { sheetName: this.state.activeSheet, a1: rangeA1(this.anchor, this.corner), epoch: this.selectionEpoch };
    if (this.selectionsInFlight === 0) this.sendLatestSelection();
  }

  private sendLatestSelection(): void {
    const selection = this.unsentSelection;
    if (selection === null) return;
    this.unsentSelection = null;
    this.selectionsInFlight += 1;
    void post("/api/select", { sheetName: selection.sheetName, a1: selection.a1 })
      .catch((e: unknown) => say(messageOf(e)))
      .finally(() => {
        this.selectionsInFlight -= 1;
        // Refused or taken, it is settled: the document's selection is the one to show from now on.
        this.ackedEpoch = Math.max(this.ackedEpoch, selection.epoch);
        if (this.unsentSelection !== null) this.sendLatestSelection();
        else this.refreshSoon();
      });
  }

  /** Opens the cell editor over `cell`: "enter" replaces the content (typing), "edit" keeps it (Enter, F2, double-click). */
  private startEditing(cell: Cell, mode: Editing["mode"], typed: string | null): void {
    if (this.state === null) return;
    this.anchor = cell;
    this.corner = cell;
    this.showSelection();
    this.editing = { cell, mode };
    this.editor.value = typed ?? (mode === "edit" ? this.inputOf(cell) : "");
    this.placeEditor(cell);
    this.editor.hidden = false;
    this.editor.focus();
    this.editor.setSelectionRange(this.editor.value.length, this.editor.value.length);
  }

  private placeEditor(cell: Cell): void {
    const td = document.getElementById(`cell-${a1Of(cell)}`);
    if (td === null) return;
    const box = td.getBoundingClientRect();
    const outer = this.wrap.getBoundingClientRect();
    this.editor.style.left = `${box.left - outer.left + this.wrap.scrollLeft}px`;
    this.editor.style.top = `${box.top - outer.top + this.wrap.scrollTop}px`;
    this.editor.style.minWidth = `${box.width}px`;
    this.editor.style.height = `${box.height}px`;
  }

  private stopEditing(): void {
    this.editing = null;
    this.editor.hidden = true;
    this.table.focus();
  }

  /** Enters the editor's text into its cell (as Enter does in Sheets), then moves the selection by `then`. */
  private async commit(then: Cell | null): Promise<void> {
    const editing = this.editing;
    if (editing === null || this.state === null) return;
    const text = this.editor.value;
    const sheetName = this.state.activeSheet;
    const a1 = a1Of(editing.cell);
    this.stopEditing();
    const td = document.getElementById(`cell-${a1}`);
    // Sheets shows "Loading..." while a custom function runs.
    if (td !== null) td.textContent = startsCustomFormula(text) ? "Loading..." : text;
    if (then !== null) this.perform({ kind: "select", anchor: then, corner: then });
    try {
      await post("/api/enter", { sheetName, a1, text });
    } catch (e) {
      say(`${a1}: ${messageOf(e)}`);
    }
    this.refreshSoon();
  }

  /** The selection's first column on the active sheet (what "Sort" sorts by). */
  sortColumn(): { sheetName: string; column: number } | null {
    if (this.state === null) return null;
    return { sheetName: this.state.activeSheet, column: bounds(this.anchor, this.corner).top.column };
  }
}

/** Inserts a column left or right of `column` of the active sheet (the menu's and the toolbar's action). */
function insertColumn(grid: Grid, side: "left" | "right", column: number): void {
  const target = grid.sortColumn();
  if (target === null) return;
  say("");
  void post("/api/insert-column", { sheetName: target.sheetName, column, side })
    .then(() => {
      say(`Inserted a column ${side} of column ${columnToLetters(column)} in ${target.sheetName}.`);
      grid.refreshSoon();
    })
    .catch((e: unknown) => say(messageOf(e)));
}

function wireControls(grid: Grid): void {
  for (const side of ["left", "right"] as const) {
    element<HTMLButtonElement>(`insert-${side}`).addEventListener("click", () => {
      const target = grid.sortColumn();
      if (target !== null) insertColumn(grid, side, target.column);
    });
  }
  const sort = (ascending: boolean): void => {
    const target = grid.sortColumn();
    if (target === null) return;
    say("");
    void post("/api/sort", { ...target, ascending })
      .then(() => {
        say(`Sorted ${target.sheetName} by column ${columnToLetters(target.column)}, ${ascending ? "A → Z" : "Z → A"}.`);
        grid.refreshSoon();
      })
      .catch((e: unknown) => say(messageOf(e)));
  };
  element<HTMLButtonElement>("sort-asc").addEventListener("click", () => sort(true));
  element<HTMLButtonElement>("sort-desc").addEventListener("click", () => sort(false));
  element<HTMLButtonElement>("paste").addEventListener("click", () => {
    const text = element<HTMLTextAreaElement>("paste-text").value;
    const header = element<HTMLInputElement>("paste-header").checked;
    say("");
    void post<PastedList>("/api/paste", { text, header })
      .then((pasted) => {
        const replaced = pasted.replacedHeader === null ? "" : ` (its header row replaces your first line, "${pasted.replacedHeader}")`;
        say(
          header
            ? `Pasted ${pasted.rows} rows into "${pasted.sheetName}"${replaced} and selected ${pasted.rangeA1}: ` +
                `now "Check selection" and "Enrich rows" in the sidebar.`
            : `Pasted ${pasted.rows} rows into "${pasted.sheetName}", every line as typed, with no header row added, ` +
                `and selected ${pasted.rangeA1}: "Check selection" in the sidebar asks which columns hold the names and the websites.`,
        );
        grid.refreshSoon();
      })
      .catch((e: unknown) => say(messageOf(e)));
  });
  element<HTMLButtonElement>("elsewhere").addEventListener("click", () => {
    say("");
    void post<{ jobId: string; name: string }>("/api/elsewhere", {})
      .then((job) => {
        element<HTMLOutputElement>("elsewhere-id").value = job.jobId;
        say(`Created "${job.name}" on the service, outside this document. Import it from the sidebar's "Open an existing job".`);
      })
      .catch((e: unknown) => say(messageOf(e)));
  });
  element<HTMLButtonElement>("add-sheet").addEventListener("click", () => {
    say("");
    void post<string>("/api/add-sheet", {})
      .then((name) => {
        say(`Added the sheet "${name}": double-click its tab (or Rename sheet) to name it, e.g. "Do not contact".`);
        grid.refreshSoon();
      })
      .catch((e: unknown) => say(messageOf(e)));
  });
  element<HTMLButtonElement>("rename-sheet").addEventListener("click", () => grid.rename());
  element<HTMLButtonElement>("mail-merge").addEventListener("click", () => {
    say("");
    void post<{ sent: number; bounced: string[] }>("/api/mail-merge", {})
      .then((merge) => {
        say(
          `A mail merge sent to the ${merge.sent} contacts ready to send; ${merge.bounced.join(" and ")} bounced (Merge status in ` +
            `"Contacts"). Refresh contacts: they are No for good.`,
        );
        grid.refreshSoon();
      })
      .catch((e: unknown) => say(messageOf(e)));
  });
  const sidebar = element<HTMLIFrameElement>("sidebar");
  wireRegions(sidebar, element<HTMLAnchorElement>("skip-to-sidebar"), () => grid.focus());
  element<HTMLButtonElement>("reload-sidebar").addEventListener("click", () => {
    say("");
    sidebar.contentWindow?.location.reload();
  });
  for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-advance-hours]"))) {
    button.addEventListener("click", () => {
      const hours = Number(button.dataset["advanceHours"]);
      button.disabled = true;
      say(`Moving the clock forward ${button.textContent ?? ""}…`);
      void post<AdvanceAnswer>("/api/advance", { hours })
        .then((done) => {
          const passes = done.runs === 1 ? "1 background pass ran" : `${done.runs} background passes ran`;
          const failed = done.failures.length === 0 ? "" : ` (${done.failures.length} failed: ${done.failures[0] ?? ""})`;
          say(
            `Moved the clock forward ${hours === 24 ? "a day" : `${hours} h`}: ${passes}${failed}. ` +
              "The sidebar reopened to show where things stand.",
          );
          sidebar.contentWindow?.location.reload();
          grid.refreshSoon();
        })
        .catch((e: unknown) => say(messageOf(e)))
        .finally(() => {
          button.disabled = false;
        });
    });
  }
}

const grid = new Grid();
wireControls(grid);
grid.start();
