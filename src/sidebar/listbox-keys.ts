// This file defines how the location combobox answers keys (WAI-ARIA combobox pattern): ↓ and ↑
// move through the options (wrapping), Enter picks the active one, Escape closes the list. Pure,
// so the keyboard rules are unit-tested apart from the DOM.

type ListboxAction =
  | { kind: "move"; index: number }
  | { kind: "pick"; index: number }
  | { kind: "close" }
  | { kind: "open" }
  | { kind: "none" };

/** `active` is -1 when no option is active; `open` whether the list is showing. */
export function listboxKey(key: string, active: number, count: number, open: boolean): ListboxAction {
  switch (key) {
    case "ArrowDown":
    case "ArrowUp":
      if (count === 0) return { kind: "none" };
      if (!open) return { kind: "open" };
      return { kind: "move", index: key === "ArrowDown" ? (active + 1 >= count ? 0 : active + 1) : active <= 0 ? count - 1 : active - 1 };
    case "Enter":
      return open && active >= 0 && active < count ? { kind: "pick", index: active } : { kind: "none" };
    case "Escape":
      return open ? { kind: "close" } : { kind: "none" };
    default:
      return { kind: "none" };
  }
}

/** Catalog look-ups start from this many characters (the service's own minimum). */
export const MIN_QUERY = 2;
/** Typing pauses this long before a look-up is sent. */
export const DEBOUNCE_MS = 250;
