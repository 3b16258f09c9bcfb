// This file is the playground page's own script (runs in the browser): the live view of the
// emulated spreadsheet — sheet tabs, cells, a mouse selection — and the page's controls (paste a
// list, sort, create a job elsewhere). Every cell is inserted as text, never as HTML.
import { columnToLetters, parseA1 } from "../../fakes/spreadsheet/a1";
import type { GridAnswer, GridState } from "../grid-state";

interface Cell {
  row: number;
  column: number;
}

const POLL_MS = 700;

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the page has no #${id}`);
  return found as T;
}

function a1Of(cell: Cell): string {
  return `${columnToLetters(cell.column)}${cell.row}`;
}

/** "B2:C9" or "B2" → its corners; anything else → null. */
function parseRange(a1: string): { top: Cell; bottom: Cell } | null {
  const ref = parseA1(a1);
  if (ref === null || ref.startRow === null || ref.startColumn === null) return null;
  const end = { row: ref.endRow ?? ref.startRow, column: ref.endColumn ?? ref.startColumn };
  return {
    top: { row: Math.min(ref.startRow, end.row), column: Math.min(ref.startColumn, end.column) },
    bottom: { row: Math.max(ref.startRow, end.row), column: Math.max(ref.startColumn, end.column) },
  };
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!answer.ok) throw new Error(answer.error?.message ?? `${path} failed`);
  return answer.value as T;
}

class Grid {
  private state: GridState | null = null;
  private version = "";
  private anchor: Cell | null = null;
  private dragging = false;

  private readonly table = element<HTMLTableElement>("grid");
  private readonly tabs = element<HTMLDivElement>("tabs");
  private readonly note = element<HTMLParagraphElement>("grid-note");
  private readonly selectionBox = element<HTMLOutputElement>("selection");
  private readonly clock = element<HTMLSpanElement>("clock");

  start(): void {
    this.table.addEventListener("mousedown", (e) => this.onMouseDown(e));
    this.table.addEventListener("mouseover", (e) => this.onMouseOver(e));
    document.addEventListener("mouseup", () => this.onMouseUp());
    void this.poll();
  }

  private async poll(): Promise<void> {
    try {
      const res = await fetch(`/api/grid?since=${encodeURIComponent(this.version)}`);
      const answer = (await res.json()) as GridAnswer;
      this.showClock(answer.clock);
      if (answer.state !== undefined && !this.dragging) {
        this.version = answer.version;
        this.render(answer.state);
      }
    } catch {
      this.clock.textContent = "The playground server is not answering (stopped?)";
    }
    window.setTimeout(() => void this.poll(), POLL_MS);
  }

  /** Asks for the grid now instead of at the next poll (after the page changed something). */
  refreshSoon(): void {
    this.version = "";
  }

  private showClock(clock: GridAnswer["clock"]): void {
    const at = (ms: number): string => new Date(ms).toISOString().slice(11, 19);
    const next = clock.nextTriggerAt === null ? "no poll trigger" : `poll trigger due ${at(clock.nextTriggerAt)}`;
    this.clock.textContent = `Virtual clock ${at(clock.now)} UTC, ${clock.speed}× real time; ${next}`;
  }

  private render(state: GridState): void {
    this.state = state;
    this.tabs.replaceChildren(
      ...state.sheets.map((name) => {
        const tab = document.createElement("button");
        tab.type = "button";
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-selected", String(name === state.activeSheet));
        tab.textContent = name;
        tab.addEventListener("click", () => void post("/api/show-sheet", { sheetName: name }).then(() => this.refreshSoon()));
        return tab;
      }),
    );
    const width = Math.max(6, ...state.cells.map((r) => r.length));
    const rows = Math.max(20, state.cells.length);
    const head = document.createElement("tr");
    head.append(document.createElement("th"));
    for (let c = 1; c <= width; c += 1) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = columnToLetters(c);
      head.append(th);
    }
    const body: HTMLTableRowElement[] = [];
    for (let r = 1; r <= rows; r += 1) {
      const tr = document.createElement("tr");
      if (r <= state.frozenRows) tr.className = "frozen";
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = String(r);
      tr.append(th);
      const values = state.cells[r - 1] ?? [];
      for (let c = 1; c <= width; c += 1) {
        const td = document.createElement("td");
        td.dataset["cell"] = a1Of({ row: r, column: c });
        const text = values[c - 1] ?? "";
        td.textContent = text;
        if (text.length > 40) td.title = text;
        tr.append(td);
      }
      body.push(tr);
    }
    const thead = document.createElement("thead");
    thead.append(head);
    const tbody = document.createElement("tbody");
    tbody.append(...body);
    this.table.replaceChildren(thead, tbody);
    this.table.setAttribute("aria-label", `Cells of ${state.activeSheet}`);
    this.note.textContent = state.totalRows > state.cells.length ? `Showing ${state.cells.length} of ${state.totalRows} rows.` : "";
    this.highlight(state.selection);
  }

  private highlight(a1: string): void {
    this.selectionBox.value = this.state === null ? "" : `${this.state.activeSheet}!${a1}`;
    const range = parseRange(a1);
    for (const td of Array.from(this.table.querySelectorAll<HTMLTableCellElement>("td[data-cell]"))) {
      const cell = parseRange(td.dataset["cell"] ?? "")?.top;
      const inside = range !== null && cell !== undefined && cell.row >= range.top.row && cell.row <= range.bottom.row
        && cell.column >= range.top.column && cell.column <= range.bottom.column;
      td.classList.toggle("selected", inside);
    }
  }

  private cellAt(event: Event): Cell | null {
    const target = event.target instanceof HTMLElement ? event.target.closest<HTMLTableCellElement>("td[data-cell]") : null;
    return target === null ? null : (parseRange(target.dataset["cell"] ?? "")?.top ?? null);
  }

  private onMouseDown(event: MouseEvent): void {
    const cell = this.cellAt(event);
    if (cell === null) return;
    event.preventDefault();
    if (!event.shiftKey || this.anchor === null) this.anchor = cell;
    this.dragging = true;
    this.highlight(this.rangeTo(cell));
  }

  private onMouseOver(event: MouseEvent): void {
    if (!this.dragging) return;
    const cell = this.cellAt(event);
    if (cell !== null) this.highlight(this.rangeTo(cell));
  }

  private onMouseUp(): void {
    if (!this.dragging || this.state === null) return;
    this.dragging = false;
    const a1 = this.selectionBox.value.split("!").pop() ?? "A1";
    void post("/api/select", { sheetName: this.state.activeSheet, a1 }).then(() => this.refreshSoon());
  }

  private rangeTo(cell: Cell): string {
    const anchor = this.anchor ?? cell;
    return anchor.row === cell.row && anchor.column === cell.column ? a1Of(cell) : `${a1Of(anchor)}:${a1Of(cell)}`;
  }

  /** The selection's first column on the active sheet (what "Sort" sorts by). */
  sortColumn(): { sheetName: string; column: number } | null {
    if (this.state === null) return null;
    const range = parseRange(this.state.selection);
    return { sheetName: this.state.activeSheet, column: range?.top.column ?? 1 };
  }
}

function say(message: string): void {
  element<HTMLParagraphElement>("page-status").textContent = message;
}

function wireControls(grid: Grid): void {
  const sort = (ascending: boolean): void => {
    const target = grid.sortColumn();
    if (target === null) return;
    void post("/api/sort", { ...target, ascending })
      .then(() => {
        say(`Sorted ${target.sheetName} by column ${columnToLetters(target.column)}, ${ascending ? "A → Z" : "Z → A"}.`);
        grid.refreshSoon();
      })
      .catch((e: unknown) => say(e instanceof Error ? e.message : String(e)));
  };
  element<HTMLButtonElement>("sort-asc").addEventListener("click", () => sort(true));
  element<HTMLButtonElement>("sort-desc").addEventListener("click", () => sort(false));
  element<HTMLButtonElement>("paste").addEventListener("click", () => {
    const text = element<HTMLTextAreaElement>("paste-text").value;
    void post<{ sheetName: string; rangeA1: string; rows: number }>("/api/paste", { text })
      .then((pasted) => {
        say(`Pasted ${pasted.rows} rows into "${pasted.sheetName}" and selected ${pasted.rangeA1}: now "Check selection" and "Enrich rows" in the sidebar.`);
        grid.refreshSoon();
      })
      .catch((e: unknown) => say(e instanceof Error ? e.message : String(e)));
  });
  element<HTMLButtonElement>("elsewhere").addEventListener("click", () => {
    void post<{ jobId: string; name: string }>("/api/elsewhere", {})
      .then((job) => {
        element<HTMLOutputElement>("elsewhere-id").value = job.jobId;
        say(`Created "${job.name}" on the service, outside this document. Import it from the sidebar's "Open an existing job".`);
      })
      .catch((e: unknown) => say(e instanceof Error ? e.message : String(e)));
  });
  element<HTMLButtonElement>("reload-sidebar").addEventListener("click", () => {
    element<HTMLIFrameElement>("sidebar").contentWindow?.location.reload();
  });
}

const grid = new Grid();
wireControls(grid);
grid.start();
