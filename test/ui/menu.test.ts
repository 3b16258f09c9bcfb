// Checks the add-on menu on a recording Ui: its items in order, each naming an entry point (a
// global function) (src/entry-points.ts), the first naming the add-on as the listing does.
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildAddonMenu } from "../../src/ui/menu";
import { ENTRY_POINTS } from "../../src/entry-points";

function recordingUi() {
  const made: Array<[string, string] | "separator"> = [];
  let added = 0;
  const menu = {
    addItem: (caption: string, handler: string) => {
      made.push([caption, handler]);
      return menu;
    },
    addSeparator: () => {
      made.push("separator");
      return menu;
    },
    addToUi: () => {
      added += 1;
    },
  };
  const ui = { createAddonMenu: () => menu } as unknown as GoogleAppsScript.Base.Ui;
  return { ui, made, added: () => added };
}

describe("buildAddonMenu", () => {
  const listing = JSON.parse(readFileSync(path.resolve(__dirname, "../../listing/listing.json"), "utf8")) as { name: string };
  const { ui, made, added } = recordingUi();
  buildAddonMenu(ui);

  it("lists its items in order, Help after a separator, and adds the menu once", () => {
    expect(made).toEqual([
      [`Open ${listing.name}`, "showSidebar"],
      ["Enrich selected rows", "startEnrichment"],
      ["Refresh jobs now", "refreshJobs"],
      ["Contacts", "buildContacts"],
      ["Forget an address…", "forgetContact"],
      ["Check this spreadsheet", "diagnose"],
      "separator",
      ["Help", "showHelp"],
    ]);
    expect(added()).toBe(1);
  });

  it("names only entry points (global functions of the bundle)", () => {
    const handlers = made.flatMap((item) => (item === "separator" ? [] : [item[1]]));
    const known = new Set<string>(ENTRY_POINTS.map((entry) => entry.name));
    expect(handlers.filter((handler) => !known.has(handler))).toEqual([]);
  });
});
