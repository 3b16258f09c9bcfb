// This file defines the Contacts tab: build or refresh the Contacts sheet, how many contacts are
// ready to send and why the others are not (grouped), and the four downloads. A file is offered as
// a download; since a browser may refuse a download from the sidebar, its text is also shown to copy.
import { groupDigits, plural } from "../../rules/numbers";
import { byId, h, replaceChildren } from "./dom";
import type { ArgsIn } from "../entry-args";
import type { ResultOf } from "./server";
import type { SidebarState } from "./sidebar-state";

type Status = ResultOf<"contactsStatus">;
type Reason = keyof Status["notReady"];
type Format = NonNullable<ArgsIn<"contactsCsv">>["format"];

/** A reason's words after its count (a reason not listed is said as it is named: "bounced"), in this order. */
const REASON_WORDS: Record<Reason, string | 0> = {
  bounced: 0,
  unsubscribed: 0,
  blocked: 0,
  doNotContact: "in Do not contact",
  closed: "closed for good",
  undeliverable: 0,
  marked: "marked No",
  formula: "formula-like",
  checkResult: "to check",
  notVerified: "not verified",
  unread: "no Ready to send",
};

function countsOf(status: Status): string[] {
  if (!status.exists) return ["No Contacts sheet yet."];
  const reasons = (Object.keys(REASON_WORDS) as Reason[]).flatMap((reason) => {
    const n = status.notReady[reason] ?? 0;
    return n > 0 ? [`${groupDigits(n)} ${REASON_WORDS[reason] || reason}`] : [];
  });
  const ready = `${groupDigits(status.ready)} of ${plural(status.contacts, "contact", "contacts")} ready to send.`;
  return reasons.length > 0 ? [ready, `Not ready: ${reasons.join(" · ")}`] : [ready];
}

/** Offers `text` as the file `name` (a browser may refuse it from the sidebar, silently). */
function download(name: string, text: string): void {
  h("a", { href: URL.createObjectURL(new Blob([text], { type: "text/csv" })), download: name }).click();
}

export function contactsPanel(state: SidebarState): void {
  const panel = byId("panel-contacts", HTMLElement);
  const build = byId("build-contacts", HTMLButtonElement);
  const counts = byId("contacts-counts", HTMLElement);
  const all = byId("contacts-all", HTMLInputElement);
  const copy = byId("contacts-copy", HTMLElement);
  const text = byId("contacts-text", HTMLTextAreaElement);

  const show = (status: Status): void => {
    build.textContent = status.exists ? "Refresh contacts" : "Build contacts";
    replaceChildren(counts, ...countsOf(status).map((line) => h("p", {}, line)));
  };
  const reload = (): Promise<void> => state.server.call("contactsStatus").then(show);

  // Read when the tab shows (by click or by keys), not when the sidebar opens.
  new MutationObserver(() => {
    if (!panel.hidden) reload().catch((error: unknown) => state.messages.fail(error));
  }).observe(panel, { attributes: true, attributeFilter: ["hidden"] });

  build.addEventListener("click", () => {
    void state.messages.act(build, "Writing Contacts…", async () => {
      const built = await state.server.call("buildContacts", {});
      await reload();
      const more = built.complete ? "" : " More come with the next update.";
      return `“${built.sheetName}”: ${plural(built.contacts, "contact", "contacts")}, ${groupDigits(built.added)} new.${more}`;
    });
  });

  for (const button of Array.from(panel.querySelectorAll<HTMLButtonElement>("button[data-format]"))) {
    button.addEventListener("click", () => {
      void state.messages.act(button, "Making the file…", async () => {
        const file = await state.server.call("contactsCsv", { format: button.dataset.format as Format, include: all.checked ? "all" : "ready" });
        text.value = file.text;
        copy.hidden = false;
        const rows = plural(file.text.split("\r\n").length - 2, "contact", "contacts");
        download(file.fileName, file.text);
        return `Downloaded “${file.fileName}” (${rows}). No file? Copy the text below into a file of that name.`;
      });
    });
  }
}
