// Tests the location combobox's keyboard rules: ↓ ↑ move and wrap, Enter picks, Escape closes.
import { listboxKey } from "../../src/sidebar/listbox-keys";

describe("listboxKey", () => {
  it("moves down and up through the options, wrapping at both ends", () => {
    expect(listboxKey("ArrowDown", -1, 3, true)).toEqual({ kind: "move", index: 0 });
    expect(listboxKey("ArrowDown", 2, 3, true)).toEqual({ kind: "move", index: 0 });
    expect(listboxKey("ArrowUp", 0, 3, true)).toEqual({ kind: "move", index: 2 });
    expect(listboxKey("ArrowUp", -1, 3, true)).toEqual({ kind: "move", index: 2 });
  });
  it("opens a closed list that has options", () => {
    expect(listboxKey("ArrowDown", -1, 3, false)).toEqual({ kind: "open" });
    expect(listboxKey("ArrowDown", -1, 0, false)).toEqual({ kind: "none" });
  });
  it("picks the active option with Enter, and does nothing without one", () => {
    expect(listboxKey("Enter", 1, 3, true)).toEqual({ kind: "pick", index: 1 });
    expect(listboxKey("Enter", -1, 3, true)).toEqual({ kind: "none" });
    expect(listboxKey("Enter", 1, 3, false)).toEqual({ kind: "none" });
  });
  it("closes with Escape, and leaves other keys to the text field", () => {
    expect(listboxKey("Escape", 1, 3, true)).toEqual({ kind: "close" });
    expect(listboxKey("Escape", -1, 3, false)).toEqual({ kind: "none" });
    expect(listboxKey("a", 0, 3, true)).toEqual({ kind: "none" });
  });
});
