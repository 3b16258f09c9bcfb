// Checks the stored-key registry: every key string the code stores under is spelled in
// src/storage/keys.ts only, the strings stored documents hold never change, and no two keys of one
// store collide or prefix each other (a prefix would read another key's records as its own).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { KEY_REGISTRY, KEYS, pollTriggerMinutesKey, type StoredKey } from "../../src/storage/keys";

const src = path.resolve(__dirname, "../../src");
const REGISTRY = path.join(src, "storage", "keys.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

type Entry = StoredKey & { name: string; key: string };
const entries: Entry[] = Object.entries(KEYS).map(([name, key]) => ({ name, key, ...KEY_REGISTRY[name as keyof typeof KEYS] }));
const entry = (name: keyof typeof KEYS): Entry | undefined => entries.find((e) => e.name === name);
/** Keys that share one namespace: the default build keeps the job store in document properties. */
const NAMESPACES: Record<string, ReadonlyArray<StoredKey["store"]>> = {
  user: ["user"],
  document: ["document", "jobStore"],
  metadata: ["metadata"],
  cache: ["cache"],
};

describe("the stored-key registry", () => {
  it("keeps every string stored documents hold (literals, written another way than the registry)", () => {
    expect(KEYS).toEqual({
      apiKey: "businessLeads.apiKey",
      baseUrl: "businessLeads.baseUrl",
      editorId: "businessLeads.editorId",
      servedDocuments: "businessLeads.servedDocuments",
      backgroundNotices: "businessLeads.backgroundNotices",
      lastBackgroundRun: "businessLeads.lastBackgroundRun",
      jobSlots: "businessLeads.jobSlots",
      pollTriggerMinutes: "businessLeads.pollTrigger.requestedMinutes.",
      chunkBody: "enrich-body:",
      sharedApiKey: "businessLeads.shared.apiKey",
      sharedBaseUrl: "businessLeads.shared.baseUrl",
      sharedForgotten: "businessLeads.shared.forgotten",
      pollEveryMinutes: "businessLeads.pollEveryMinutes",
      job: "job:",
      start: "start:",
      enrichRun: "enrich-run:",
      chunkHead: "enrich-pending:",
      editorKeys: "businessLeads.editorKeys",
      contactsSynced: "contacts:synced",
      contactsRules: "contacts:rules",
      selfCheckProbe: "selfCheck:",
      metadataData: "businessLeads:store",
      metadataClaim: "businessLeads:claim",
      cacheNamespace: "bl:",
      cacheRate: "rate",
      cacheCredits: "credits",
      cacheLocations: "loc:",
      cacheResults: "res:",
      cacheBusinesses: "biz@",
      cacheJobs: "job@",
      cacheKinds: "kind@",
      lockEpoch: "bl:lock-epoch",
    });
    expect(pollTriggerMinutesKey("doc1")).toBe("businessLeads.pollTrigger.requestedMinutes.doc1");
  });

  it("names each key's shape and the file that writes it, and that file exists", () => {
    for (const e of entries) {
      expect(e.shape.length).toBeGreaterThan(0);
      expect(statSync(path.resolve(src, "..", e.writer)).isFile()).toBe(true);
      const named = /\((src\/[^)]+\.ts)\)/.exec(e.shape)?.[1];
      if (named) expect(readFileSync(path.resolve(src, "..", named), "utf8")).toContain(e.shape.split(" ")[0]);
    }
  });

  it.each(Object.entries(NAMESPACES))("no two keys of the %s store are equal or prefix each other", (_, stores) => {
    // The cache's keys all live under its namespace prefix "bl:<key digest>:" by design.
    const keys = entries.filter((e) => stores.indexOf(e.store) >= 0 && e !== entry("cacheNamespace"));
    const clashes: string[] = [];
    for (const a of keys) {
      for (const b of keys) {
        if (a === b) continue;
        if (a.key === b.key || (a.prefix && b.key.startsWith(a.key))) clashes.push(`${a.key} / ${b.key}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("is the only file of src/ that spells a stored key", () => {
    const found: string[] = [];
    for (const file of sourceFiles(src)) {
      if (file === REGISTRY) continue;
      const text = readFileSync(file, "utf8");
      const where = path.relative(src, file);
      // A word without a separator ("rate", "credits") is also a word of prose: the call check below covers it.
      for (const e of entries.filter((e) => /[.:@]/.test(e.key))) {
        for (const quote of ['"', "'", "`"]) if (text.includes(quote + e.key + (e.prefix ? "" : quote))) found.push(`${where}: ${e.key}`);
      }
      // A store call given a literal key names a key the registry does not list.
      for (const m of text.matchAll(
        /\b(getProperty|setProperty|deleteProperty|addDeveloperMetadata|withKey|getMany|putMany|getLarge|putLarge)\(\s*\[*\s*["'`]/g,
      ))
        found.push(`${where}: ${m[0]}`);
      for (const m of text.matchAll(/["'`]businessLeads[.:][^"'`\s]*["'`]/g))
        if (m[0].slice(1, -1) !== "businessLeads.key:") found.push(`${where}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
