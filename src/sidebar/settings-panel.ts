// This file defines the Settings panel: the key goes to the server and never comes back, only its masked hint does. Once the key is shared
// with formulas, the message says cells showing the sharing error must be entered again (Sheets does not re-run them). "Check this
// spreadsheet" shows diagnose()'s report, one line per check; a report older than a change of settings is taken away.
import type { Check } from "../self-check/diagnose";
import type { SidebarState } from "./sidebar-state";
import { byId, h, on, replaceChildren } from "./dom";
import { useSpreadsheet } from "./format";
import type { Layout } from "./layout";

/** What to do about formula cells that showed the sharing error before the key was shared. */
const FORMULAS_RE_ENTER =
  "Formulas can use your key now. A formula cell that still shows #ERROR! keeps it until it is entered again: double-click " +
  "the cell, then press Enter.";

export function settingsPanel(state: SidebarState, screen: Layout): { load(): Promise<void> } {
  const form = byId("settings-form", HTMLFormElement);
  const key = byId("api-key", HTMLInputElement);
  const baseUrl = byId("base-url", HTMLInputElement);
  const share = byId("share", HTMLInputElement);
  const hint = byId("key-hint", HTMLElement);
  const intro = byId("key-intro", HTMLElement);
  const save = byId("save-settings", HTMLButtonElement);
  const consent = byId("consent", HTMLInputElement);
  const saveConsent = byId("save-consent", HTMLButtonElement);

  /** The masked hint of the key in use ("••••3f9a"), as the server last said it. */
  let savedHint: string | null = null;
  /** Whether formulas had the key, as last loaded. */
  let sharedBefore = false;

  const load = async (): Promise<void> => {
    const settings = await state.server.call("getSettings");
    savedHint = settings.keyHint;
    state.hasKey = savedHint !== null;
    intro.hidden = state.hasKey;
    hint.textContent = savedHint ? `Key saved: ${savedHint}. Type a new key only to replace it.` : "No key saved yet.";
    state.timeZone = settings.timeZone;
    state.roomNotice = settings.roomNotice;
    useSpreadsheet(settings.locale, settings.timeZone);
    baseUrl.value = settings.baseUrl;
    share.checked = settings.shareWithFormulas;
    consent.value = (settings.consentCountries ?? []).join(", ");
    sharedBefore = settings.shareWithFormulas;
    screen.setHasKey(state.hasKey);
    if (!state.hasKey) state.setAccount(null);
  };

  on(form, "submit", (event) => {
    event.preventDefault();
    void state.messages.act(save, "Checking your key with the service…", async () => {
      const typed = key.value.trim();
      if (!typed && !state.hasKey) throw new Error("Enter your API key.");
      const account = await state.server.call("saveSettings", {
        apiKey: typed,
        baseUrl: baseUrl.value.trim(),
        shareWithFormulas: share.checked,
      });
      // The key leaves the page: the field is emptied and only the server's hint remains.
      key.value = "";
      const nowShared = share.checked && !sharedBefore;
      await load();
      state.setAccount(account);
      void state.reloadJobs();
      const saved = `Settings saved. The key in use is ${savedHint ?? "saved"}.`;
      // Sheets runs a custom function again only when its cell is entered or its inputs change.
      return nowShared ? `${saved} ${FORMULAS_RE_ENTER}` : saved;
    });
  });

  on(byId("consent-form", HTMLFormElement), "submit", (event) => {
    event.preventDefault();
    void state.messages.act(saveConsent, "Saving…", async () => {
      const codes = consent.value.split(/[\s,;]+/).filter((code) => code !== "");
      const stored = await state.server.call("setConsentCountries", { countries: codes });
      consent.value = stored.join(", ");
      return `Consent countries saved: ${stored.join(", ") || "none"}.`;
    });
  });

  diagnosePanel(state, form);
  return { load };
}

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

/** "Check this spreadsheet" and its report; a submit of `form` (settings changed, or tried) takes a report made before away. */
function diagnosePanel(state: SidebarState, form: HTMLFormElement): void {
  const button = byId("check-spreadsheet", HTMLButtonElement);
  const container = byId("diagnose-report", HTMLElement);
  on(button, "click", () => {
    if (button.getAttribute("aria-busy") === "true") return;
    button.setAttribute("aria-busy", "true");
    container.hidden = false;
    replaceChildren(container, h("p", { class: "hint", role: "status" }, "Checking this spreadsheet… (a few seconds)"));
    state.server
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
  on(form, "submit", () => {
    if (button.getAttribute("aria-busy") === "true") return; // a check under way reports on what it finds
    container.hidden = true;
    replaceChildren(container);
  });
}
