// This file defines the sidebar's only way to make DOM: elements with attributes and children,
// where every string becomes a text node. There is no path from service or sheet text to HTML.
import type { Progress } from "./format";

type AttributeValue = string | number | boolean | null | undefined;
type Child = Node | string | null | undefined | false;

/** `h("li", {role: "listitem"}, "text", child)`: true → empty attribute, false/null → absent. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, AttributeValue> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  // A button made here acts only by its own listener: never a form's submit.
  if (element instanceof HTMLButtonElement) element.type = "button";
  for (const name of Object.keys(attributes)) {
    const value = attributes[name];
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, ...children);
  return element;
}

/** A paragraph of `className` saying `text`; none without text. */
export const para = (className: string, text: string | null | undefined | false): HTMLParagraphElement | null =>
  text ? h("p", { class: className }, text) : null;

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, ...children);
}

/** The element with this id, of the expected type: the static HTML and the script must agree. */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`The sidebar's page has no ${type.name} #${id}.`);
  return element;
}

/**
 * A progress element's value: a known one, or an indeterminate bar (null: no value attribute), said to a screen reader
 * as `valueText`, else `text`; returns the bar.
 */
export function setProgress(bar: HTMLProgressElement, { value, max, text, valueText }: Progress): HTMLProgressElement {
  bar.max = Math.max(1, max);
  if (value === null) bar.removeAttribute("value");
  else bar.value = Math.min(value, bar.max);
  bar.setAttribute("aria-valuetext", valueText || text);
  return bar;
}

/** Shows `text` in `element`, or hides it (emptied) for null. */
export function showText(element: HTMLElement, text: string | null): void {
  element.textContent = text ?? "";
  element.hidden = text === null;
}

/** A button that refuses (with a reason) instead of being disabled, so keyboard users still reach it. */
export function setRefused(button: HTMLButtonElement, reason: string | null): void {
  if (reason) {
    button.setAttribute("aria-disabled", "true");
    button.dataset.reason = reason;
  } else {
    button.removeAttribute("aria-disabled");
    delete button.dataset.reason;
  }
}

/** `target.addEventListener(type, listener)`, a third as long in the bundle (64 KB budget), returning the target; none, no listener. */
export function on<T extends HTMLElement | null | undefined, K extends keyof HTMLElementEventMap>(
  target: T,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
): T {
  target?.addEventListener(type, listener as EventListener);
  return target;
}
