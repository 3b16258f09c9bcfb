// This file defines the add-on menu. onOpen and onInstall may run in AuthMode.NONE (no properties,
// no fetch), so building the menu is all they do: every item only names a global function, which
// runs when clicked. Its words name the add-on as the listing does (ADDON_NAME).
import { ADDON_NAME } from "./build-defaults";

const MENU_ITEMS: ReadonlyArray<{ caption: string; handler: string } | "separator"> = [
  { caption: `Open ${ADDON_NAME}`, handler: "showSidebar" },
  // startEnrichment without arguments sends the selected rows, or the whole sheet when one cell
  // is selected (contract); its toast names the rows it sent.
  { caption: "Enrich selected rows", handler: "startEnrichment" },
  { caption: "Refresh jobs now", handler: "refreshJobs" },
  // Builds or refreshes the Contacts sheet (one row per address); its toast says the counts.
  { caption: "Contacts", handler: "buildContacts" },
  // An erasure request: asks for the address and what will happen first, then says what changed.
  { caption: "Forget an address…", handler: "forgetContact" },
  // A self-check of what Google's documentation leaves open; its report shows in a dialog.
  { caption: "Check this spreadsheet", handler: "diagnose" },
  "separator",
  // Opens the listing's support page (src/ui/help.ts): Apps Script cannot open a tab by itself.
  { caption: "Help", handler: "showHelp" },
];

export function buildAddonMenu(ui: GoogleAppsScript.Base.Ui): void {
  const menu = ui.createAddonMenu();
  for (const item of MENU_ITEMS) {
    if (item === "separator") menu.addSeparator();
    else menu.addItem(item.caption, item.handler);
  }
  menu.addToUi();
}
