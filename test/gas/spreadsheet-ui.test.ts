// Checks what the add-on shows through the Ui, on the fakes' HtmlService and a recording Ui: the
// sidebar from its HTML file with its title, a modal dialog of given HTML at its size; a context
// without a Ui throws as Apps Script does.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import { showModalDialog, showSidebarFile, spreadsheetUi } from "../../src/gas/spreadsheet-ui";

type Output = { getContent(): string; getTitle(): string; getWidth(): number | null; getHeight(): number | null };
let runtime: FakeRuntime;
let shown: Array<{ kind: string; output: Output; title?: string }>;
const globals = globalThis as Record<string, unknown>;

beforeEach(() => {
  runtime = createRuntime();
  const g = runtime.globals() as unknown as Record<string, unknown>;
  globals.HtmlService = g.HtmlService;
  shown = [];
  const ui = {
    showSidebar: (output: Output) => void shown.push({ kind: "sidebar", output }),
    showModalDialog: (output: Output, title: string) => void shown.push({ kind: "modal", output, title }),
  };
  globals.SpreadsheetApp = { getUi: () => ui };
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  delete globals.HtmlService;
  delete globals.SpreadsheetApp;
});

describe("spreadsheet ui", () => {
  it("shows a modal dialog of the given HTML, at its size, under its title", () => {
    showModalDialog("<p>Report</p>", "Check this spreadsheet", { width: 640, height: 480 });
    expect(shown).toHaveLength(1);
    const [dialog] = shown;
    expect({
      kind: dialog?.kind,
      title: dialog?.title,
      html: dialog?.output.getContent(),
      width: dialog?.output.getWidth(),
      height: dialog?.output.getHeight(),
    }).toEqual({ kind: "modal", title: "Check this spreadsheet", html: "<p>Report</p>", width: 640, height: 480 });
  });

  it("shows the sidebar from a file, titled; a file not in the project throws", () => {
    expect(() => showSidebarFile("NoSuchFile", "Business Leads")).toThrow(/No HTML file named NoSuchFile/);
    expect(shown).toHaveLength(0);
  });

  it("getUi's failure where there is no Ui reaches the caller", () => {
    globals.SpreadsheetApp = {
      getUi: () => {
        throw new Error("Cannot call SpreadsheetApp.getUi() from this context.");
      },
    };
    expect(() => spreadsheetUi()).toThrow("Cannot call SpreadsheetApp.getUi() from this context.");
  });
});
