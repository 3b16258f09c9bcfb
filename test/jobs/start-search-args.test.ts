// Tests what startSearch refuses before any request, and the account limits it explains.
import type { Account } from "../../src/api/schemas";
import { affordabilityProblem } from "../../src/search/start-search";
import { parseArgs } from "../../src/ui/entry-args";

const normaliseSearchArgs = (raw: unknown) => parseArgs("startSearch", raw);

function account(overrides: Partial<Account>): Account {
  return {
    plan_code: "growth",
    plan_name: "Growth",
    status: "active",
    credits_allowance: 5000,
    credits_remaining: 5000,
    max_results_per_search: 700,
    free_search_used: false,
    active_searches: 0,
    ...overrides,
  } as Account;
}

describe("search arguments", () => {
  it("fills the defaults and upper-cases the country", () => {
    expect(normaliseSearchArgs({ query: " plumbers ", location: "Austin, Texas, United States", countryCode: "us" })).toEqual({
      query: "plumbers",
      location: "Austin, Texas, United States",
      countryCode: "US",
      maxResults: 100,
      language: "en",
      enrichContacts: true,
      name: undefined,
    });
  });

  it("asks first only for askIfRecent: true; anything else given starts as documented", () => {
    const base = { query: "q", location: "X" };
    expect(normaliseSearchArgs({ ...base, askIfRecent: true }).askIfRecent).toBe(true);
    for (const other of [false, "true", 1, null, undefined])
      expect([other, normaliseSearchArgs({ ...base, askIfRecent: other }).askIfRecent]).toEqual([other, undefined]);
  });

  it.each([
    [{ location: "X" }, /what to search for/],
    [{ query: "q".repeat(301), location: "X" }, /301 characters; at most 300/],
    [{ query: "q" }, /Pick a location/],
    [{ query: "q", location: "X", maxResults: 99 }, /from 100 to 700/],
    [{ query: "q", location: "X", maxResults: 701 }, /from 100 to 700/],
    [{ query: "q", location: "X", maxResults: 150.5 }, /whole number/],
    [{ query: "q", location: "X", countryCode: "USA" }, /two letters/],
    [{ query: "q", location: "X", language: "english!" }, /language/],
    [{ query: "q", location: "X", name: "n".repeat(201) }, /at most 200/],
  ])("refuses %j", (args, message) => {
    expect(() => normaliseSearchArgs(args)).toThrow(message);
  });
});

describe("affordability", () => {
  it("allows up to the smaller of the plan's maximum and the credits", () => {
    expect(affordabilityProblem(account({}), 700)).toBeNull();
    expect(affordabilityProblem(account({ credits_remaining: 250 }), 300)).toBe(
      "This search can return at most 250 businesses (you have 250 credits). Lower Max results to 250 or less.",
    );
  });

  it("says when credits are below a search's minimum", () => {
    expect(affordabilityProblem(account({ credits_remaining: 40 }), 100)).toBe(
      "Not enough credits: 40 remain, and a search needs at least 100.",
    );
  });

  it("knows the free plan's one search and inactive subscriptions", () => {
    expect(affordabilityProblem(account({ plan_code: "free", max_results_per_search: 100, credits_remaining: 100 }), 100)).toBeNull();
    expect(affordabilityProblem(account({ plan_code: "free", max_results_per_search: 100, credits_remaining: 100 }), 200)).toMatch(
      /at most 100/,
    );
    expect(
      affordabilityProblem(account({ plan_code: "free", free_search_used: true, credits_remaining: 0, max_results_per_search: 100 }), 100),
    ).toMatch(/one search has been used/);
    expect(affordabilityProblem(account({ status: "past_due", max_results_per_search: 0 }), 100)).toMatch(/not active/);
  });
});
