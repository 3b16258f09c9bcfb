// This file defines what the add-on shows over the spreadsheet through Apps Script's Ui: the
// add-on menu's Ui, the sidebar from its HTML file, and a modal dialog of given HTML. Only menu
// and sidebar executions have a Ui; elsewhere getUi() throws, and the callers say what then.
export const spreadsheetUi = (): GoogleAppsScript.Base.Ui => SpreadsheetApp.getUi();

/** The sidebar from the script project's HTML file `file` (dist/Sidebar.html is "Sidebar"). */
export function showSidebarFile(file: string, title: string): void {
  spreadsheetUi().showSidebar(HtmlService.createHtmlOutputFromFile(file).setTitle(title));
}

export function showModalDialog(html: string, title: string, size: { width: number; height: number }): void {
  spreadsheetUi().showModalDialog(HtmlService.createHtmlOutput(html).setWidth(size.width).setHeight(size.height), title);
}
