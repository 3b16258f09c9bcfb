// This file defines a list of chips under a field (Search for's queries, Location's places): each shows its whole text and a remove button
// the keyboard reaches, removing one moves the focus to the next, and an item already listed (by key) is not listed twice.
import { h, on, replaceChildren } from "./dom";

export interface Chips<T> {
  items(): T[];
  /** Adds the items not listed yet; says how many were new. */
  add(items: readonly T[]): number;
}

export function chipList<T>(
  list: HTMLUListElement,
  field: HTMLInputElement,
  text: (item: T) => string,
  key: (item: T) => string,
  onChange: () => void,
): Chips<T> {
  let items: T[] = [];
  // Backspace in the empty field removes the last chip.
  on(field, "keydown", (event) => {
    if (event.key === "Backspace" && field.value === "" && items.length > 0) remove(items.length - 1, false);
  });

  const remove = (index: number, byKeyboard: boolean): void => {
    items = items.filter((_, i) => i !== index);
    render();
    onChange();
    if (!byKeyboard) return;
    const next = index < items.length ? list.querySelectorAll("button")[index] : undefined;
    (next || field).focus();
  };

  const render = (): void => {
    list.hidden = items.length === 0;
    replaceChildren(
      list,
      ...items.map((item, i) => {
        const button = h("button", { class: "dismiss", "aria-label": `Remove ${text(item)}` }, "×");
        // detail 0: a press of Enter or Space, not of the mouse.
        on(button, "click", (event) => remove(i, event.detail === 0));
        return h("li", { class: "chip" }, h("span", {}, text(item)), button);
      }),
    );
  };

  return {
    items: () => items,
    add(added) {
      const known = new Set(items.map(key));
      const fresh = added.filter((item) => !known.has(key(item)) && known.add(key(item)));
      if (fresh.length === 0) return 0;
      items = [...items, ...fresh];
      render();
      onChange();
      return fresh.length;
    },
  };
}
