// Checks the sentences for Apps Script's limits: each daily quota named, with the one promise that
// it works again within 24 hours and nothing is lost; the execution limit and its margin.
import { BANDWIDTH_SENTENCE, dailyLimitSentence, EXECUTION_LIMIT_MS, LONGEST_EXECUTION_MS } from "../../src/rules/platform-limits";

describe("platform limits", () => {
  it("an execution runs at most 6 minutes, one lasts at most 30 s more", () => {
    expect(EXECUTION_LIMIT_MS).toBe(360_000);
    expect(LONGEST_EXECUTION_MS).toBe(390_000);
  });
  it.each(["urlfetch", "properties", "runtime", "gmail"])(
    "the %s quota's sentence promises the reset and that nothing is lost",
    (service) => {
      const sentence = dailyLimitSentence(service);
      expect(sentence).toContain("within 24 hours");
      expect(sentence).toContain("Nothing is lost");
    },
  );
  it("settings and jobs cannot be saved when the properties quota is used up; another service is named", () => {
    expect(dailyLimitSentence("properties")).toMatch(/cannot read or save its settings and jobs today/);
    expect(dailyLimitSentence("gmail")).toContain("(gmail)");
  });
  it("the bandwidth limit resumes by itself", () => {
    expect(BANDWIDTH_SENTENCE).toMatch(/resume by themselves/);
  });
});
