// Tests the built add-on (dist/ and dist-full/) as an editor add-on: onOpen and onInstall build the
// menu in AuthMode.NONE, every item names a global function of the registry, Help opens a dialog
// with the listing's support page (reading no store, fetching nothing), and the menu's words, the
// sidebar's title and Help's title name the add-on as listing/listing.json does: one name.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { createRuntime } from "../../dev/fakes/runtime";
import type { MenuItemRecord } from "../../dev/fakes/spreadsheet/ui";
import { ENTRY_POINTS } from "../../src/entry-points";

const root = path.resolve(__dirname, "../..");
const listing = JSON.parse(readFileSync(path.join(root, "listing/listing.json"), "utf8")) as { name: string; pagesUrl: string };
const BUILDS = [
  ["dist", path.join(root, "dist")],
  ["dist-full", path.join(root, "dist-full")],
] as const;

const itemsOf = (items: MenuItemRecord[]) => items.flatMap((item) => (item.kind === "item" ? [item] : []));

describe.each(BUILDS)("%s, as an editor add-on", (_name, distDir) => {
  it.each(["onOpen", "onInstall"])(
    "%s builds the add-on menu in AuthMode.NONE; each item calls a global function of the registry",
    (trigger) => {
      const runtime = createRuntime({ distDir });
      const result = runtime.run(trigger, [{ authMode: "NONE" }], { authMode: "NONE" });
      expect(result.errorMessage).toBeUndefined();
      const [menu, ...more] = runtime.spreadsheetApp.testing.ui.menus;
      expect(more).toEqual([]);
      expect(menu?.addon).toBe(true);
      const items = itemsOf(menu?.items ?? []);
      const globals = new Set<string>(ENTRY_POINTS.map((e) => e.name));
      expect(items.filter((item) => !globals.has(item.functionName))).toEqual([]);
      expect(items[0]).toEqual({ kind: "item", caption: `Open ${listing.name}`, functionName: "showSidebar" });
      expect(items.map((item) => item.caption)).toContain("Help");
      expect(runtime.counters.propertiesCalls + runtime.counters.fetchRequests).toBe(0);
    },
  );

  it("Help shows the listing's support page as a link, titled with the add-on's name, and reads no store", () => {
    const runtime = createRuntime({ distDir });
    runtime.run("onOpen", [{ authMode: "NONE" }], { authMode: "NONE" });
    const help = itemsOf(runtime.spreadsheetApp.testing.ui.menus[0]?.items ?? []).find((item) => item.caption === "Help");
    expect(help?.functionName).toBe("showHelp");
    // A menu item runs with the user's authorization (AuthMode.FULL).
    const result = runtime.run(help?.functionName ?? "", [], { authMode: "FULL" });
    expect(result.errorMessage).toBeUndefined();
    const [dialog, ...others] = runtime.spreadsheetApp.testing.ui.dialogs;
    expect(others).toEqual([]);
    expect(dialog?.kind).toBe("modal");
    expect(dialog?.title).toBe(`${listing.name} help`);
    const links = [...(dialog?.html ?? "").matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>/g)];
    expect(links.map((m) => m[1])).toEqual([`${listing.pagesUrl}support.html`]);
    expect(links[0]?.[0]).toContain('target="_blank"');
    expect(dialog?.html).toContain(`Extensions › ${listing.name} › Check this spreadsheet`);
    expect(runtime.counters.propertiesCalls + runtime.counters.fetchRequests).toBe(0);
  });

  it("the sidebar's title is the listing's name", () => {
    const runtime = createRuntime({ distDir });
    const result = runtime.run("showSidebar", [], { authMode: "FULL" });
    expect(result.errorMessage).toBeUndefined();
    expect(runtime.spreadsheetApp.testing.ui.sidebars.map((s) => s.title)).toEqual([listing.name]);
  });
});
