// Tests the fake Ui: menus, sidebars, dialogs, alerts and prompts are recorded; getUi can be unavailable.

import { FakeSpreadsheetApp } from "../../../../dev/fakes/spreadsheet/index";

describe("Ui", () => {
  test("menus built and added are recorded with their items", () => {
    const app = new FakeSpreadsheetApp();
    const ui = app.getUi();
    const sub = ui.createMenu("More").addItem("Refresh", "refreshJobs");
    ui.createAddonMenu().addItem("Open sidebar", "showSidebar").addSeparator().addSubMenu(sub).addToUi();
    ui.createMenu("Not added").addItem("x", "y");
    expect(app.testing.ui.menus).toEqual([
      {
        caption: null,
        addon: true,
        items: [
          { kind: "item", caption: "Open sidebar", functionName: "showSidebar" },
          { kind: "separator" },
          {
            kind: "submenu",
            menu: { caption: "More", addon: false, items: [{ kind: "item", caption: "Refresh", functionName: "refreshJobs" }] },
          },
        ],
      },
    ]);
  });

  test("sidebars and dialogs record title and content", () => {
    const app = new FakeSpreadsheetApp();
    const output = { getContent: () => "<p>hi</p>", getTitle: () => "Business Leads" };
    app.getUi().showSidebar(output);
    app.getUi().showModalDialog(output, "Settings");
    expect(app.testing.ui.sidebars).toEqual([{ kind: "sidebar", title: "Business Leads", html: "<p>hi</p>", output }]);
    expect(app.testing.ui.dialogs.map((d) => [d.kind, d.title])).toEqual([["modal", "Settings"]]);
  });

  test("alert: default answer is the set's first button, queued answers come first", () => {
    const app = new FakeSpreadsheetApp();
    const ui = app.getUi();
    expect(ui.alert("Done")).toBe(ui.Button.OK);
    app.testing.queueAlertAnswer(ui.Button.NO);
    expect(ui.alert("Sure?", "Delete it?", ui.ButtonSet.YES_NO)).toBe(ui.Button.NO);
    expect(ui.alert("Again?", ui.ButtonSet.YES_NO)).toBe(ui.Button.YES);
    expect(app.testing.ui.alerts.map((a) => [a.title, a.prompt, a.buttons, a.response])).toEqual([
      [null, "Done", "OK", "OK"],
      ["Sure?", "Delete it?", "YES_NO", "NO"],
      [null, "Again?", "YES_NO", "YES"],
    ]);
  });

  test("prompt returns the queued text", () => {
    const app = new FakeSpreadsheetApp();
    const ui = app.getUi();
    app.testing.queuePromptAnswer(ui.Button.OK, "Austin");
    const response = ui.prompt("City?", ui.ButtonSet.OK_CANCEL);
    expect([response.getSelectedButton(), response.getResponseText()]).toEqual(["OK", "Austin"]);
  });

  test("getUi throws where Apps Script has no Ui", () => {
    const app = new FakeSpreadsheetApp({ uiAvailable: false });
    expect(() => app.getUi()).toThrow("Cannot call SpreadsheetApp.getUi() from this context.");
  });
});
