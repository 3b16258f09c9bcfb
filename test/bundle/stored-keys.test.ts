// Checks that the built bundles hold the stored keys but not the registry's notes on them (shapes,
// writers): those are for readers of the code, and would only grow the bundle.
import { readFileSync } from "node:fs";
import path from "node:path";
import { KEY_REGISTRY, KEYS } from "../../src/storage/keys";

describe.each(["dist", "dist-full"])("%s/Code.js", (dir) => {
  it("holds the stored keys, not the registry's notes", () => {
    const bundle = readFileSync(path.resolve(__dirname, "../..", dir, "Code.js"), "utf8");
    expect(bundle).toContain(KEYS.servedDocuments);
    for (const entry of Object.values(KEY_REGISTRY)) expect(bundle).not.toContain(entry.writer);
  });
});
