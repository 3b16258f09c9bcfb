// This file defines the Contacts tab: build or refresh the Contacts sheet, how many contacts are
// ready to send and why the others are not (grouped), and the four downloads (those ready, or all). A file is offered as
// a download; since a browser may refuse a download from the sidebar, its text is also shown to copy.
import { groupDigits } from "../rules/numbers";
import { byId, h, on, replaceChildren } from "./dom";
import type { ArgsIn } from "../ui/entry-args";
import type { ResultOf } from "./server";
import type { SidebarState } from "./sidebar-state";

type Status = ResultOf<"contactsStatus">;
type Format = NonNullable<ArgsIn<"contactsCsv">>["format"];

/** Offers `text` as the file `name` (a browser may refuse it from the sidebar, silently). */
function download(name: string, text: string): void {
  h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })), download: name }).click();
}

export function contactsPanel(state: SidebarState): void {
  const panel = byId("panel-contacts", HTMLElement);
  const build = byId("build-contacts", HTMLButtonElement);
  const counts = byId("contacts-counts", HTMLElement);
  const text = byId("contacts-text", HTMLTextAreaElement);
  const all = byId("contacts-all", HTMLInputElement);

  const show = (status: Status): void => {
    build.textContent = status.exists ? "Refresh contacts" : "Build contacts";
    replaceChildren(counts, ...status.lines.map((line) => h("p", {}, line)));
  };
  const reload = (): Promise<void> => state.server.call("contactsStatus").then(show);

  // Read when the tab is chosen (a click or the arrow keys focus it), not when the sidebar opens.
  on(byId("tab-contacts", HTMLButtonElement), "focus", () => void reload().catch((error: unknown) => state.messages.fail(error)));

  on(build, "click", () => {
    void state.messages.act(build, "Writing Contacts…", async () => {
      const built = await state.server.call("buildContacts", {});
      await reload();
      const more = built.complete ? "" : " More to come.";
      return `“${built.sheetName}”: ${groupDigits(built.added)} new.${more}`;
    });
  });

  for (const button of Array.from(panel.querySelectorAll<HTMLButtonElement>("button[data-format]"))) {
    on(button, "click", () => {
      void state.messages.act(button, "Making it…", async () => {
        const file = await state.server.call("contactsCsv", {
          format: button.dataset.format as Format,
          include: all.checked ? "all" : "ready",
        });
        text.value = file.text;
        text.hidden = false;
        download(file.fileName, file.text);
        return `Downloaded “${file.fileName}”. No file? Copy the text below.`;
      });
    });
  }
}
