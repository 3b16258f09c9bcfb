// Tests that responses tolerate schema drift (extra fields, unknown enum values, the three
// business shapes) and that a wrong type fails with its field path, not a crash.
import { LeadsApiError, ResponseShapeError } from "../../src/api/errors";
import { maxAffordableResults } from "../../src/api/account";
import { isTerminalStatus } from "../../src/rules/job-status";
import {
  BUSINESS_ID,
  SEARCH_ID,
  json,
  makeClient,
  resultsPage,
  sampleAccount,
  sampleEnrichmentBusiness,
  sampleJob,
  sampleLocation,
  sampleSearchBusiness,
  sampleSingleBusiness,
} from "./helpers";

function catchError(run: () => unknown): LeadsApiError {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof LeadsApiError) return thrown;
    throw thrown;
  }
  throw new Error("expected a LeadsApiError");
}

describe("schema drift passes", () => {
  test("extra fields are kept on jobs, businesses, nested objects and wrappers", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, sampleJob({ priority: "high", actor_input: { query: "q", location: "l", radius_km: 5 } })),
      json(200, {
        ...resultsPage([
          sampleSearchBusiness({
            new_field: { nested: true },
            socials: { facebooks: [], tiktoks: ["https://tiktok.example/acme"] },
            email_verifications: { "a@b.example": { result: "ok", quality: "high", source: "x", score: 0.9 } },
          }),
        ]),
        cursor: "abc",
      }),
    );
    const job = client.getSearch(SEARCH_ID);
    expect(job["priority"]).toBe("high");
    expect(job.actor_input?.["radius_km"]).toBe(5);

    const page = client.getSearchResults(SEARCH_ID);
    const business = page.items[0];
    expect(page["cursor"]).toBe("abc");
    expect(business?.["new_field"]).toEqual({ nested: true });
    expect(business?.socials?.["tiktoks"]).toEqual(["https://tiktok.example/acme"]);
    expect(business?.email_verifications?.["a@b.example"]?.["score"]).toBe(0.9);
  });

  test("unknown enum values pass through unchanged", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, sampleJob({ status: "paused_for_review", origin: "mcp" })),
      json(
        200,
        resultsPage([
          sampleSearchBusiness({
            business_status: "CLOSED_TEMPORARILY",
            email_verification_status: "partially_verified",
            enrichment_status: "retrying",
            owner_enrichment_status: "skipped",
          }),
        ]),
      ),
      json(200, sampleAccount({ plan_code: "enterprise", status: "past_due" })),
    );
    expect(client.getSearch(SEARCH_ID).status).toBe("paused_for_review");
    const business = client.getSearchResults(SEARCH_ID).items[0];
    expect(business?.business_status).toBe("CLOSED_TEMPORARILY");
    expect(business?.email_verification_status).toBe("partially_verified");
    expect(business?.enrichment_status).toBe("retrying");
    expect(client.getAccount().plan_code).toBe("enterprise");
  });

  test("key_contacts elements of any shape are kept", () => {
    const { client, transport } = makeClient();
    const contacts = [{ name: "Jane", role: "Owner" }, "raw text", 42];
    transport.reply(json(200, resultsPage([sampleSearchBusiness({ key_contacts: contacts })])));
    expect(client.getSearchResults(SEARCH_ID).items[0]?.key_contacts).toEqual(contacts);
  });

  test("the one Business schema reads all three shapes", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, resultsPage([sampleSearchBusiness()])),
      json(200, resultsPage([sampleEnrichmentBusiness()])),
      json(200, sampleSingleBusiness()),
    );
    const fromSearch = client.getSearchResults(SEARCH_ID).items[0];
    const fromEnrichment = client.getEnrichmentResults(SEARCH_ID).items[0];
    const single = client.getBusiness(BUSINESS_ID);
    expect(fromSearch?.maps_url).toBe("https://maps.example/?cid=1");
    expect(fromEnrichment?.category).toBeUndefined();
    expect(fromEnrichment?.email_verifications).toEqual({});
    expect(single.rank).toBeUndefined();
    expect(single.review_count).toBe(132);
  });

  test("null for an absent business detail is accepted", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, resultsPage([sampleSearchBusiness({ rating: null, phone: null, website: null })])));
    const business = client.getSearchResults(SEARCH_ID).items[0];
    expect(business?.rating).toBeNull();
    expect(business?.phone).toBeNull();
  });

  test("locations keep extra fields", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, { locations: [sampleLocation({ population: 961855 })] }));
    expect(client.findLocations({ q: "Aus" })[0]?.["population"]).toBe(961855);
  });
});

describe("a wrong type is a validation error naming the field", () => {
  test("items.3.rating: expected number", () => {
    const { client, transport } = makeClient();
    const items = [0, 1, 2, 3].map((i) => sampleSearchBusiness({ id: `b${i}`, position: i, rating: i === 3 ? "4.5 stars" : 4 }));
    transport.reply(json(200, resultsPage(items)));
    const error = catchError(() => client.getSearchResults(SEARCH_ID));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error.kind).toBe("bad_response");
    expect(error.status).toBe(200);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain("items.3.rating: expected number, got string");
    expect((error as ResponseShapeError).issues).toEqual([{ path: "items.3.rating", message: "expected number, got string" }]);
    // A deterministic mismatch is not retried.
    expect(transport.requests).toHaveLength(1);
  });

  test("integers, nested maps and missing required fields are reported by path", () => {
    const { client, transport } = makeClient();
    const job = sampleJob({ lead_count: 2.5 });
    delete job["id"];
    transport.reply(
      json(200, job),
      json(200, resultsPage([sampleSearchBusiness({ email_verifications: { "a@b.example": { result: 1 } } })])),
    );
    const jobError = catchError(() => client.getSearch(SEARCH_ID)) as ResponseShapeError;
    expect(jobError.issues).toEqual(
      expect.arrayContaining([
        { path: "id", message: "expected string, got nothing" },
        { path: "lead_count", message: "expected integer, got a fraction" },
      ]),
    );
    const pageError = catchError(() => client.getSearchResults(SEARCH_ID)) as ResponseShapeError;
    expect(pageError.issues[0]?.path).toBe("items.0.email_verifications.a@b.example.result");
  });

  test("a body that is not an object at all", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, [1, 2]));
    const error = catchError(() => client.getAccount()) as ResponseShapeError;
    expect(error.issues[0]).toEqual({ path: "(response)", message: "expected object, got array" });
  });

  test("the message lists at most three issues", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, resultsPage([1, 2, 3, 4, 5].map(() => sampleSearchBusiness({ title: 7 })))));
    const error = catchError(() => client.getSearchResults(SEARCH_ID));
    expect(error.message).toContain("(and 2 more)");
    expect((error as ResponseShapeError).issues).toHaveLength(5);
  });
});

describe("account and status helpers", () => {
  test("maxAffordableResults is the smaller of plan limit and credits", () => {
    const account = (overrides: Record<string, unknown>) => {
      const { client, transport } = makeClient();
      transport.reply(json(200, sampleAccount(overrides)));
      return client.getAccount();
    };
    expect(maxAffordableResults(account({ credits_remaining: 350 }))).toBe(350);
    expect(maxAffordableResults(account({ credits_remaining: 5000 }))).toBe(700);
    expect(maxAffordableResults(account({ max_results_per_search: 0 }))).toBe(0);
    expect(maxAffordableResults(account({ plan_code: "free", free_search_used: true, max_results_per_search: 100 }))).toBe(0);
    expect(
      maxAffordableResults(account({ plan_code: "free", free_search_used: false, max_results_per_search: 100, credits_remaining: 100 })),
    ).toBe(100);
  });

  test("isTerminalStatus", () => {
    expect(isTerminalStatus("completed")).toBe(true);
    expect(isTerminalStatus("failed")).toBe(true);
    expect(isTerminalStatus("enriching")).toBe(false);
    expect(isTerminalStatus("something_new")).toBe(false);
  });
});
