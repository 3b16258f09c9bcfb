// What each key does in the playground's grid, as in Sheets: arrows move the active cell and
// Shift+arrows extend the selection from it (inside the grid), Ctrl+arrows jump to the data's
// edge, typing enters a new value and Enter/F2 edit the content, Enter/Tab/arrows in the editor
// enter the value and move, Escape cancels, Delete empties the selection.
import { keyAction, parseRange, rangeA1, type Cell, type Limits } from "../../../dev/playground/client/grid-keys";

const LIMITS: Limits = { rows: 25, columns: 8, usedRows: 12, usedColumns: 5 };
const at = (a1: string): Cell => parseRange(a1)?.top ?? { row: 0, column: 0 };
const key = (k: string, mods: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}) => ({
  key: k,
  shift: false,
  ctrl: false,
  alt: false,
  ...mods,
});
const one = (a1: string) => ({ anchor: at(a1), corner: at(a1) });
const selected = (action: ReturnType<typeof keyAction>): string =>
  action?.kind === "select" ? rangeA1(action.anchor, action.corner) : `not a selection: ${JSON.stringify(action)}`;

describe("selecting by keyboard", () => {
  it("arrows move the active cell and collapse the selection; the grid's edges hold", () => {
    expect(selected(keyAction(key("ArrowDown"), one("B2"), null, LIMITS))).toBe("B3");
    expect(selected(keyAction(key("ArrowRight"), { anchor: at("B2"), corner: at("D5") }, null, LIMITS))).toBe("C2");
    expect(selected(keyAction(key("ArrowUp"), one("A1"), null, LIMITS))).toBe("A1");
    expect(selected(keyAction(key("ArrowLeft"), one("A1"), null, LIMITS))).toBe("A1");
    expect(selected(keyAction(key("ArrowRight"), one("H3"), null, LIMITS))).toBe("H3");
    expect(selected(keyAction(key("Tab"), one("B2"), null, LIMITS))).toBe("C2");
    expect(selected(keyAction(key("Tab", { shift: true }), one("B2"), null, LIMITS))).toBe("A2");
  });

  it("Shift+arrows extend from the active cell, which stays where it was; back again shrinks", () => {
    let selection = one("B2");
    for (const k of ["ArrowDown", "ArrowDown", "ArrowRight"]) {
      const action = keyAction(key(k, { shift: true }), selection, null, LIMITS);
      if (action?.kind !== "select") throw new Error("expected a selection");
      selection = { anchor: action.anchor, corner: action.corner };
    }
    expect(rangeA1(selection.anchor, selection.corner)).toBe("B2:C4");
    expect(selection.anchor).toEqual(at("B2"));
    expect(selected(keyAction(key("ArrowUp", { shift: true }), selection, null, LIMITS))).toBe("B2:C3");
    expect(selected(keyAction(key("ArrowLeft", { shift: true }), one("B2"), null, LIMITS))).toBe("A2:B2");
  });

  it("Ctrl+arrows jump to the data's last row or column, then to the grid's; back to the first", () => {
    expect(selected(keyAction(key("ArrowDown", { ctrl: true }), one("B2"), null, LIMITS))).toBe("B12");
    expect(selected(keyAction(key("ArrowDown", { ctrl: true }), one("B12"), null, LIMITS))).toBe("B25");
    expect(selected(keyAction(key("ArrowRight", { ctrl: true }), one("B2"), null, LIMITS))).toBe("E2");
    expect(selected(keyAction(key("ArrowUp", { ctrl: true }), one("C9"), null, LIMITS))).toBe("C1");
    expect(selected(keyAction(key("ArrowDown", { ctrl: true, shift: true }), one("B2"), null, LIMITS))).toBe("B2:B12");
  });
});

describe("editing by keyboard", () => {
  it("typing starts a new value with the key typed; Enter and F2 open the content; Delete clears", () => {
    expect(keyAction(key("="), one("B2"), null, LIMITS)).toEqual({ kind: "edit", mode: "enter", text: "=" });
    expect(keyAction(key("x"), one("B2"), null, LIMITS)).toEqual({ kind: "edit", mode: "enter", text: "x" });
    expect(keyAction(key("Enter"), one("B2"), null, LIMITS)).toEqual({ kind: "edit", mode: "edit", text: null });
    expect(keyAction(key("F2"), one("B2"), null, LIMITS)).toEqual({ kind: "edit", mode: "edit", text: null });
    expect(keyAction(key("Delete"), one("B2"), null, LIMITS)).toEqual({ kind: "clear" });
    expect(keyAction(key("Backspace"), one("B2"), null, LIMITS)).toEqual({ kind: "clear" });
    expect(keyAction(key("c", { ctrl: true }), one("B2"), null, LIMITS)).toBeNull();
    expect(keyAction(key("Escape"), one("B2"), null, LIMITS)).toBeNull();
  });

  it("in the editor: Enter enters and moves down (Shift: up), Tab right, Escape cancels", () => {
    const typing = { mode: "enter" as const, text: "hello" };
    expect(keyAction(key("Enter"), one("B2"), typing, LIMITS)).toEqual({ kind: "commit", then: at("B3") });
    expect(keyAction(key("Enter", { shift: true }), one("B2"), typing, LIMITS)).toEqual({ kind: "commit", then: at("B1") });
    expect(keyAction(key("Tab"), one("B2"), typing, LIMITS)).toEqual({ kind: "commit", then: at("C2") });
    expect(keyAction(key("Escape"), one("B2"), typing, LIMITS)).toEqual({ kind: "cancel" });
    expect(keyAction(key("a"), one("B2"), typing, LIMITS)).toBeNull();
  });

  it("Enter after a run of Tabs goes to the next row in the column the run started in; Shift+Enter goes up", () => {
    const typing = { mode: "enter" as const, text: "hello" };
    expect(keyAction(key("Enter"), one("D2"), typing, LIMITS, 2)).toEqual({ kind: "commit", then: at("B3") });
    expect(keyAction(key("Enter"), one("D2"), typing, LIMITS, null)).toEqual({ kind: "commit", then: at("D3") });
    expect(keyAction(key("Enter", { shift: true }), one("D2"), typing, LIMITS, 2)).toEqual({ kind: "commit", then: at("D1") });
  });

  it("moves and types one column past the data: the grid's limits, not the data's, hold", () => {
    const wide: Limits = { rows: 1000, columns: 35, usedRows: 708, usedColumns: 34 };
    expect(selected(keyAction(key("Tab"), one("AH2"), null, wide))).toBe("AI2");
    expect(keyAction(key("Tab"), one("AH2"), { mode: "enter", text: "x" }, wide)).toEqual({ kind: "commit", then: at("AI2") });
    expect(selected(keyAction(key("ArrowDown", { ctrl: true }), one("A1"), null, wide))).toBe("A708");
  });

  it("arrows enter a typed value and move; in a formula or an opened cell they move the caret", () => {
    expect(keyAction(key("ArrowRight"), one("B2"), { mode: "enter", text: "hello" }, LIMITS)).toEqual({ kind: "commit", then: at("C2") });
    expect(keyAction(key("ArrowRight"), one("B2"), { mode: "enter", text: "=LEADS_CREDITS(" }, LIMITS)).toBeNull();
    expect(keyAction(key("ArrowLeft"), one("B2"), { mode: "edit", text: "hello" }, LIMITS)).toBeNull();
  });
});
