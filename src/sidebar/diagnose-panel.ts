// This file defines the sidebar's "Check this spreadsheet": a link button that runs diagnose() and a container showing its report, one
// line per check. A report older than a change of settings is taken away, never left to contradict it.
import type { Check } from "../self-check/diagnose";
import { h, on, replaceChildren } from "./dom";
import type { Server } from "./server";

const MARK = {
  true: { sign: "✓", words: "OK", tone: "ok" },
  false: { sign: "✗", words: "Problem", tone: "problem" },
  null: { sign: "?", words: "Not checked", tone: "unknown" },
} as const;

function checkItem(check: Check): HTMLLIElement {
  const mark = MARK[`${check.ok}`];
  return h(
    "li",
    { class: `diagnose-check ${mark.tone}`, "data-check": check.id },
    h("span", { class: "diagnose-mark", "aria-hidden": "true" }, mark.sign),
    h(
      "div",
      {},
      h("p", { class: "diagnose-label" }, h("span", { class: "visually-hidden" }, `${mark.words}: `), check.label),
      h("p", { class: "diagnose-detail" }, check.detail),
    ),
  );
}

/** `outdated()`: the settings changed (or were tried), so a report made before is taken away. */
export function diagnosePanel(server: Server, button: HTMLButtonElement, container: HTMLElement): { outdated(): void } {
  on(button, "click", () => {
    if (button.getAttribute("aria-busy") === "true") return;
    button.setAttribute("aria-busy", "true");
    container.hidden = false;
    replaceChildren(container, h("p", { class: "hint", role: "status" }, "Checking this spreadsheet… (a few seconds)"));
    server
      .call("diagnose", { dialog: false })
      .then((report) => {
        replaceChildren(
          container,
          h("p", { class: "diagnose-summary", role: "status" }, report.summary),
          h("ul", { class: "diagnose-checks", role: "list" }, ...report.checks.map(checkItem)),
          h("p", { class: "hint" }, report.build),
        );
      })
      .catch((error: unknown) => {
        replaceChildren(container, h("p", { class: "problem", role: "alert" }, error instanceof Error ? error.message : String(error)));
      })
      .finally(() => button.removeAttribute("aria-busy"));
  });
  return {
    outdated(): void {
      if (button.getAttribute("aria-busy") === "true") return; // a check under way reports on what it finds
      container.hidden = true;
      replaceChildren(container);
    },
  };
}
