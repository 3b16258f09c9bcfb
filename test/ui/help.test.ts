// Checks the menu's Help on a recording Ui and the fakes' HtmlService: one modal dialog titled with
// the add-on's name (listing/listing.json), linking to the support page in a new tab, nothing else read.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import { showHelp } from "../../src/ui/help";

type Output = { getContent(): string; getWidth(): number | null; getHeight(): number | null };
let runtime: FakeRuntime;
const globals = globalThis as Record<string, unknown>;
const listing = JSON.parse(readFileSync(path.resolve(__dirname, "../../listing/listing.json"), "utf8")) as {
  name: string;
  pagesUrl: string;
};

beforeEach(() => {
  runtime = createRuntime();
  globals.HtmlService = (runtime.globals() as unknown as Record<string, unknown>).HtmlService;
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  delete globals.HtmlService;
  delete globals.SpreadsheetApp;
});

describe("showHelp", () => {
  it("shows one dialog with the support page's link, opened in a new tab", () => {
    const shown: Array<{ output: Output; title: string }> = [];
    globals.SpreadsheetApp = { getUi: () => ({ showModalDialog: (output: Output, title: string) => void shown.push({ output, title }) }) };
    showHelp();
    expect(shown.map((dialog) => dialog.title)).toEqual([`${listing.name} help`]);
    const html = shown[0]?.output.getContent() ?? "";
    expect(html).toContain(`href="${listing.pagesUrl}support.html" target="_blank" rel="noopener"`);
    expect(html).toContain(`Extensions › ${listing.name} › Check this spreadsheet`);
    expect([shown[0]?.output.getWidth(), shown[0]?.output.getHeight()]).toEqual([420, 190]);
  });
});
