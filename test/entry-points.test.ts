// Tests that the registry of global functions and their implementations name the same functions,
// each once, so the build's stubs never call a missing implementation.
import { ENTRY_POINTS } from "../src/entry-points";
import { entryPoints } from "../src/main";

describe("the entry points", () => {
  it("are implemented one for one", () => {
    const names = ENTRY_POINTS.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(entryPoints).sort()).toEqual([...names].sort());
  });

  it("include the contract's sidebar, trigger and cell functions", () => {
    const names = new Set(ENTRY_POINTS.map((entry) => entry.name));
    for (const name of [
      "onOpen",
      "onInstall",
      "showSidebar",
      "startSearch",
      "startEnrichment",
      "pollJobs",
      "refreshJobs",
      "diagnose",
      "LEADS_CREDITS",
      "LEADS_BUSINESS",
    ])
      expect(names).toContain(name);
  });
});
