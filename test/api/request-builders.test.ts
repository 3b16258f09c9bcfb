// Checks the request builders: paths, queries and bodies written out as literals, and requests the
// service would refuse refused before anything is sent (no id, no idempotency key, a bad body).
import { RequestBuilders } from "../../src/api/requests";
import { LeadsApiError } from "../../src/api/errors";

const build = new RequestBuilders();
const body = { name: "Plumbers", input: { query: "plumbers", location: "Austin, Texas, United States", maxResults: 200 } };

function refusal(make: () => unknown): LeadsApiError {
  try {
    make();
  } catch (error) {
    if (error instanceof LeadsApiError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("RequestBuilders", () => {
  it("builds a search's creation with its body, key and credits needed", () => {
    const request = build.createSearch(body, "idem-7");
    expect({ method: request.method, path: request.path, key: request.idempotencyKey, body: JSON.parse(request.body ?? "") }).toEqual({
      method: "POST",
      path: "/searches",
      key: "idem-7",
      body,
    });
    expect(request.context).toMatchObject({ operation: "createSearch", endpoint: "POST /searches", creditsNeeded: 200 });
  });
  it("builds reads of each family, the id encoded and the page in the query", () => {
    expect(build.getSearch(" a/b ").path).toBe("/searches/a%2Fb");
    expect(build.getSearch("a/b?c#d").path).toBe("/searches/a%2Fb%3Fc%23d");
    expect(build.getEnrichmentResults("e1", { page: 2, pageSize: 50 }).path).toBe("/enrichments/e1/results?page=2&page_size=50");
    expect(build.listSearches().path).toBe("/searches");
    expect(build.getEnrichment("e1").context).toMatchObject({ operation: "getEnrichment", endpoint: "GET /enrichments/e1" });
  });
  it("refuses a missing id and a missing idempotency key before sending", () => {
    expect(refusal(() => build.getSearch("  "))).toMatchObject({ kind: "validation", message: "The search ID is missing." });
    expect(refusal(() => build.createSearch(body, ""))).toMatchObject({ kind: "idempotency_required" });
  });
  it("refuses a body the service would refuse, saying why", () => {
    const error = refusal(() => build.createSearch({ ...body, input: { ...body.input, maxResults: 5 } }, "k"));
    expect(error.kind).toBe("validation");
    expect(error.message).toMatch(/[Mm]ax results/);
  });
  it("parses a 2xx answer with its schema", () => {
    expect(build.createSearch(body, "k").parse({ job_id: "j", status: "queued", credits_reserved: 200 }).ok).toBe(true);
    expect(build.createSearch(body, "k").parse({ status: "queued" }).ok).toBe(false);
  });
});
