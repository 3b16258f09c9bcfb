// Tests what the server and the sidebar both say (src/rules/): the kinds and their words, statuses,
// the UUID form, the key's redaction, what an account allows a search, and when the poll trigger
// is needed.
import { affordabilityProblem, searchBlocked, searchCost, type SearchAllowance } from "../../src/rules/affordability";
import { isUuid } from "../../src/rules/ids";
import { JOB_KINDS, KIND_WORDS, kindNamed } from "../../src/rules/job-kinds";
import {
  isActiveStatus,
  isGatheringStatus,
  isReadableStatus,
  isTerminalStatus,
  JOB_STATUSES,
  statusWords,
} from "../../src/rules/job-status";
import { pollTriggerNeeded } from "../../src/rules/trigger-need";
import { redact, REDACTED } from "../../src/rules/redaction";

describe("job kinds", () => {
  it("names each kind once, with its words", () => {
    expect(JOB_KINDS).toEqual(["search", "enrichment"]);
    expect(JOB_KINDS.map((kind) => KIND_WORDS[kind].label)).toEqual(["Search", "Enrichment"]);
    expect(KIND_WORDS.search.doneText(1200, 0)).toBe("1,200 businesses found");
    expect(KIND_WORDS.enrichment.doneText(700, 650)).toBe("650 of 700 enriched");
  });

  it("reads a kind from text, and nothing else", () => {
    expect(kindNamed("enrichment")).toBe("enrichment");
    expect(kindNamed("")).toBeUndefined();
    expect(kindNamed("Search")).toBeUndefined();
    expect(kindNamed(null)).toBeUndefined();
  });
});

describe("job statuses", () => {
  it("sorts the spec's statuses", () => {
    expect(JOB_STATUSES.filter(isTerminalStatus)).toEqual(["completed", "failed"]);
    expect(JOB_STATUSES.filter(isReadableStatus)).toEqual(["running", "importing", "enriching", "completed", "failed"]);
    expect(JOB_STATUSES.filter(isGatheringStatus)).toEqual(["queued", "starting", "running", "importing"]);
    expect(JOB_STATUSES.filter(isActiveStatus)).toEqual(["queued", "starting", "running", "importing", "enriching"]);
  });

  it("shows an unknown status in its own words (never the raw code), and keeps polling it", () => {
    expect(statusWords("running")).toBe("Searching");
    expect(statusWords("paused_by_admin")).toBe("Paused by admin");
    expect(isActiveStatus("paused_by_admin")).toBe(true);
    expect(isReadableStatus("paused_by_admin")).toBe(false);
  });
});

describe("ids and the key", () => {
  it("knows a UUID in either case, and nothing around it", () => {
    expect(isUuid("3F2B9C1E-0000-4000-8000-00000000000A")).toBe(true);
    expect(isUuid(" 3f2b9c1e-0000-4000-8000-00000000000a")).toBe(false);
    expect(isUuid("3f2b9c1e-0000-4000-8000-00000000000")).toBe(false);
  });

  it("replaces every occurrence of the key with one mark", () => {
    expect(redact("key sk-1 and sk-1 again", "sk-1")).toBe(`key ${REDACTED} and ${REDACTED} again`);
    expect(REDACTED).toBe("[redacted]");
    expect(redact("nothing to hide", null)).toBe("nothing to hide");
    expect(redact("nothing to hide", "")).toBe("nothing to hide");
  });
});

describe("what an account allows a search", () => {
  const paid: SearchAllowance = {
    planCode: "starter",
    freeSearchUsed: false,
    maxResultsPerSearch: 50,
    creditsRemaining: 12000,
    maxAffordableResults: 50,
  };

  it("says the same sentence for the server and the sidebar, figures grouped", () => {
    expect(searchBlocked(paid)).toBe("Not enough credits: 12,000 remain, and a search needs at least 100.");
    expect(affordabilityProblem(paid, 100)).toBe(searchBlocked(paid));
  });

  it("names the plan's bound or the credits, whichever is lower", () => {
    const plan = { ...paid, maxResultsPerSearch: 300, maxAffordableResults: 300 };
    expect(affordabilityProblem(plan, 500)).toBe(
      "This search can return at most 300 businesses (your plan allows 300 per search). Lower Max results to 300 or less.",
    );
    expect(affordabilityProblem(plan, 300)).toBeNull();
    expect(searchCost({ planCode: "free" }, 700)).toBe(100);
    expect(searchCost(plan, 250)).toBe(250);
  });
});

describe("the poll trigger", () => {
  it("is needed while any of the key's work is left, and only then", () => {
    const none = { jobsInProgress: 0, rowsToSend: 0, schedules: 0 };
    expect(pollTriggerNeeded(none)).toBe(false);
    expect(pollTriggerNeeded({ ...none, jobsInProgress: 1 })).toBe(true);
    expect(pollTriggerNeeded({ ...none, rowsToSend: 1 })).toBe(true);
    expect(pollTriggerNeeded({ ...none, schedules: 1 })).toBe(true);
  });
});
