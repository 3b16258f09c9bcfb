// This file defines the Contacts tab: build or refresh the sheet, how many contacts are ready and why the others are not (each reason's
// meaning a click away), the downloads (new since the last file, ready or all; named people only; one sheet's) and forgetting an address
// once its person confirmed. A browser may refuse a download from the sidebar, so the file's text is shown to copy too.
import { groupDigits } from "../rules/numbers";
import { byId, h, on, replaceChildren } from "./dom";
import type { ArgsIn } from "../ui/entry-args";
import type { ResultOf } from "./server";
import type { SidebarState } from "./sidebar-state";

type Status = ResultOf<"contactsStatus">;
type Format = NonNullable<ArgsIn<"contactsCsv">>["format"];
type Include = "new" | "ready" | "all";

/** Offers `text` as the file `name` (a browser may refuse it from the sidebar, silently). */
function download(name: string, text: string): void {
  h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })), download: name }).click();
}

export function contactsPanel(state: SidebarState): void {
  const panel = byId("panel-contacts", HTMLElement);
  const build = byId("build-contacts", HTMLButtonElement);
  const counts = byId("contacts-counts", HTMLElement);
  const why = byId("contacts-why", HTMLDetailsElement);
  const text = byId("contacts-text", HTMLTextAreaElement);
  const include = byId("contacts-include", HTMLSelectElement);
  const sheets = byId("contacts-sheets", HTMLSelectElement);
  const named = byId("contacts-named", HTMLInputElement);
  const raw = byId("contacts-raw", HTMLInputElement);

  const show = (status: Status): void => {
    build.textContent = status.exists ? "Refresh contacts" : "Build contacts";
    replaceChildren(counts, ...status.lines.map((line) => h("p", {}, line)));
    replaceChildren(why, why.firstElementChild, ...status.meanings.map((line) => h("p", { class: "hint" }, line)));
    why.hidden = status.meanings.length === 0;
    // Once a file was made, the daily file is the first choice: the rows a refresh added since.
    const fresh = include.options[0];
    if (fresh && status.exported && fresh.hidden) {
      fresh.hidden = false;
      include.value = "new";
    }
    const chosen = sheets.value;
    replaceChildren(sheets, h("option", { value: "" }, "Every sheet"), ...status.sheets.map((name) => h("option", {}, name)));
    sheets.value = status.sheets.includes(chosen) ? chosen : "";
  };
  const reload = (): Promise<void> => state.server.call("contactsStatus").then(show);

  // Read when the tab is chosen (a click or the arrow keys focus it), not when the sidebar opens.
  on(byId("tab-contacts", HTMLButtonElement), "focus", () => void reload().catch((error: unknown) => state.messages.fail(error)));

  state.messages.press(build, "Writing Contacts…", async () => {
    const built = await state.server.call("buildContacts", {});
    await reload();
    const more = built.complete ? "" : " More to come.";
    return `“${built.sheetName}”: ${groupDigits(built.added)} new.${more}`;
  });

  for (const button of Array.from(panel.querySelectorAll<HTMLButtonElement>("button[data-format]"))) {
    state.messages.press(button, "Making it…", async () => {
      const format = button.dataset.format as Format;
      const file = await state.server.call("contactsCsv", {
        format,
        include: include.value as Include,
        types: named.checked ? ["Named"] : null,
        sheets: sheets.value ? [sheets.value] : null,
        // The guard's choice is the CRM formats' only: a mail merge's file is opened in a spreadsheet.
        guard: format === "mail-merge" || !raw.checked,
      });
      text.value = file.text;
      text.hidden = false;
      download(file.fileName, file.text);
      await reload();
      return `Downloaded ${file.said} No file? Copy the text below.`;
    });
  }

  forgetting(state, reload);
}

/** Forget an address: its person confirms in the message, whose answer takes the focus; the counts are read again after. */
function forgetting(state: SidebarState, reload: () => Promise<void>): void {
  const forget = byId("forget", HTMLButtonElement);
  const email = byId("forget-email", HTMLInputElement);
  on(forget, "click", () => {
    const address = email.value.trim();
    // Nothing to ask about yet: the field to type it in takes the focus.
    if (!address) return email.focus();
    state.messages.say(
      `Forget ${address}? It leaves every sheet here, its Contacts row and notes too; Do not contact keeps its sha256 line. No undo.`,
      [
        state.messages.action("Forget it", forget, "Forgetting…", async () => {
          const forgot = await state.server.call("forgetContact", { email: address });
          email.value = "";
          await reload();
          return forgot?.said;
        }),
      ],
    );
    // The answer takes the focus, so the keyboard is where the question is (the message's × says no).
    byId("message-actions", HTMLElement).querySelector("button")?.focus();
  });
}
