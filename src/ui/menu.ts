// This file defines the add-on menu. onOpen may run in AuthMode.NONE (no properties, no fetch),
// so building the menu is all it does.

const MENU_ITEMS: ReadonlyArray<{ caption: string; handler: string }> = [
  { caption: "Open Business Leads", handler: "showSidebar" },
  // startEnrichment without arguments sends the selected rows, or the whole sheet when one cell
  // is selected (contract); its toast names the rows it sent.
  { caption: "Enrich selected rows", handler: "startEnrichment" },
  { caption: "Refresh jobs now", handler: "refreshJobs" },
  // A self-check of what Google's documentation leaves open; its report shows in a dialog.
  { caption: "Check this spreadsheet", handler: "diagnose" },
];

export function buildAddonMenu(ui: GoogleAppsScript.Base.Ui): void {
  const menu = ui.createAddonMenu();
  for (const item of MENU_ITEMS) menu.addItem(item.caption, item.handler);
  menu.addToUi();
}
