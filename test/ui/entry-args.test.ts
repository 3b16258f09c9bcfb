// Tests the arguments every sidebar function checks before anything is read or sent: the defaults,
// and the sentence each mistake gets (src/ui/entry-args.ts).
import { parseArgs } from "../../src/ui/entry-args";

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("entry-point arguments", () => {
  it("reads a call without arguments as the defaults", () => {
    expect(parseArgs("recentJobs", undefined)).toEqual({ kinds: ["search", "enrichment"], page: 1 });
    expect(parseArgs("startEnrichment", undefined)).toEqual({ force: false });
    expect(parseArgs("diagnose", undefined)).toEqual({ dialog: true });
    expect(parseArgs("diagnose", { dialog: false })).toEqual({ dialog: false });
    expect(parseArgs("findLocations", undefined)).toEqual({ q: "", country: undefined });
  });

  it("keeps only the enrichment options given, trimmed", () => {
    expect(
      parseArgs("previewEnrichment", { sheetName: " Leads ", rangeA1: "", nameColumn: 2, websiteColumn: " Site ", force: "yes" }),
    ).toEqual({
      sheetName: "Leads",
      nameColumn: 2,
      websiteColumn: "Site",
      force: false,
    });
    expect(refusal(() => parseArgs("startEnrichment", [1]))).toBe("Enrichment takes its options as one object, e.g. {sheetName, rangeA1}.");
    expect(refusal(() => parseArgs("startEnrichment", { sheetName: 3 }))).toBe("The sheet name must be text.");
  });

  it("says what is wrong with a job id, a schedule or a page", () => {
    expect(refusal(() => parseArgs("showJobSheet", {}))).toBe("Choose a job to open its sheet.");
    expect(refusal(() => parseArgs("importJob", { jobId: "  " }))).toBe("Enter the job ID to open.");
    expect(refusal(() => parseArgs("importJob", { jobId: "abc" }))).toMatch(/^"abc" is not a job ID/);
    expect(parseArgs("importJob", { jobId: " 3F2B9C1E-0000-4000-8000-000000000001 " })).toEqual({
      jobId: "3F2B9C1E-0000-4000-8000-000000000001",
    });
    expect(refusal(() => parseArgs("setRefresh", { every: "day" }))).toBe("Choose the search to refresh.");
    expect(refusal(() => parseArgs("setRefresh", { jobId: "j", every: "hourly" }))).toBe(
      'A search can be refreshed every "day" or "week", or "off"; "hourly" is none of them.',
    );
    expect(refusal(() => parseArgs("recentJobs", { kind: "other" }))).toBe(
      'The kind of job must be "search" or "enrichment"; "other" is neither.',
    );
    expect(refusal(() => parseArgs("recentJobs", { page: 51 }))).toBe("The page must be a whole number from 1 to 50.");
    expect(parseArgs("recentJobs", { kind: "search", page: "2" })).toEqual({ kinds: ["search"], page: 2 });
  });

  it("checks settings' shapes and leaves a key that is not text empty", () => {
    expect(parseArgs("saveSettings", { apiKey: 5, baseUrl: " https://x.test/api/v1/ ", pollEveryMinutes: "15" })).toEqual({
      apiKey: "",
      baseUrl: "https://x.test",
      shareWithFormulas: undefined,
      pollEveryMinutes: 15,
    });
    expect(refusal(() => parseArgs("saveSettings", { shareWithFormulas: "yes" }))).toBe(
      "Sharing the key with formulas must be on or off (true or false).",
    );
    expect(refusal(() => parseArgs("saveSettings", { pollEveryMinutes: 7 }))).toMatch(/; 7 is not one of them\.$/);
  });
});
