// The layout of a search's results sheet, on BOTH built bundles, against docs/add-on-surface.md:
// the columns a sales person reads first, in the documented order; the technical columns after
// them, together, with a grey header and grey text, narrow; row 1 and the Name column frozen; no
// header twice; values under a service field's header exact, the words beside them.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { austinLabel, columnOfHeader, expectedCells, pollUntil, readSheet, serviceResults, sidebar, sheetOf } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";

const BUILDS = [
  { build: "default", distDir: path.resolve(__dirname, "../../dist") },
  { build: "full", distDir: path.resolve(__dirname, "../../dist-full") },
] as const;

/** The two rows of the layout table in docs/add-on-surface.md: the readable columns, then the technical ones. */
function documentedLayout(): { readable: string[]; technical: string[] } {
  const doc = readFileSync(path.resolve(__dirname, "../../docs/add-on-surface.md"), "utf8");
  const row = (label: string): string[] => {
    const line = doc.split("\n").find((l) => l.trim().startsWith(`| ${label}`));
    if (!line) throw new Error(`docs/add-on-surface.md has no layout row "${label}"`);
    return [...(line.split("|")[2] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
  };
  return { readable: row("what a sales person reads"), technical: row("technical") };
}

const world = useWorld(59);
let location = "";
beforeAll(async () => {
  location = await austinLabel(world);
});

describe.each(BUILDS)("a search's results sheet, $build build", ({ distDir }) => {
  it(
    "reads like a list of leads: the documented columns in order, " + "the technical block grey and narrow, row 1 and Name frozen",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, runtime: { distDir } });
      const started = sidebar(runtime, "startSearch", { query: "florists", location, maxResults: 100 });
      const [done] = pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === 100));
      const sheetName = sheetOf(done ?? started);

      const { readable, technical } = documentedLayout();
      const { headers, rows } = readSheet(runtime, sheetName);
      expect(headers).toEqual([...readable, ...technical]);
      expect(new Set(headers).size).toBe(headers.length);
      for (const header of ["Business ID", "Name", "Category", "Address", "Phone", "Website", "Emails", "Email status"])
        expect(headers).toContain(header);
      expect(headers).not.toContain("Owner name");

      const testing = runtime.spreadsheetApp.testing;
      const info = testing.sheetInfo(sheetName);
      expect([info.frozenRows, info.frozenColumns]).toEqual([1, 1]);
      expect(headers[0]).toBe("Name");

      const letter = (header: string): string => columnOfHeader(runtime, sheetName, header);
      for (const header of readable) {
        const cell = testing.cell(sheetName, `${letter(header)}1`);
        expect([header, cell.fontWeight, cell.fontColor, cell.background]).toEqual([header, "bold", "#000000", "#ffffff"]);
        expect([header, testing.cell(sheetName, `${letter(header)}2`).fontColor]).toEqual([header, "#000000"]);
      }
      for (const header of technical) {
        const cell = testing.cell(sheetName, `${letter(header)}1`);
        expect([header, cell.fontColor, cell.background]).toEqual([header, "#5f6368", "#f1f3f4"]);
        expect([
          header,
          testing.cell(sheetName, `${letter(header)}2`).fontColor,
          testing.cell(sheetName, `${letter(header)}101`).fontColor,
        ]).toEqual([header, "#80868b", "#80868b"]);
        expect(testing.columnWidth(sheetName, headers.indexOf(header) + 1)).toBeLessThanOrEqual(120);
      }

      // Values under a service field's header are the service's; the words sit beside them.
      const service = await serviceResults(world, apiKey, started.jobId);
      for (const business of service) {
        const row = rows.find((r) => r["Business ID"] === business.id);
        expect(row).toMatchObject(expectedCells(business));
        expect(row?.["Latest refresh"]).toBe("");
        expect(row?.["First seen"]).toBe(row?.["Last seen"]);
        expect(String(row?.["First seen"])).toMatch(/^\d{4}-\d\d-\d\d$/);
      }
    },
  );
});
