// Checks how one id's answers from each job family are read: the first family that knows it wins;
// else the first failure that is not a 404, else not found.
import { eitherKind } from "../../src/api/either-kind";
import { LeadsApiError } from "../../src/api/errors";
import type { BatchResult } from "../../src/api/request-sender";

const failure = (kind: "not_found" | "unavailable", status: number): BatchResult<string> => ({
  ok: false,
  error: new LeadsApiError({ kind, status, message: `${kind} ${status}`, retryable: false }),
});

describe("eitherKind", () => {
  it("names the family that knows the id, with its answer", () => {
    expect(eitherKind(["search", "enrichment"], [failure("not_found", 404), { ok: true, value: "job" }])).toEqual({
      found: true,
      kind: "enrichment",
      value: "job",
    });
  });
  it("is not found, with no error, when every family answers 404", () => {
    expect(eitherKind(["search", "enrichment"], [failure("not_found", 404), failure("not_found", 404)])).toEqual({
      found: false,
      error: null,
    });
  });
  it("keeps a failure that says nothing of the id", () => {
    const result = eitherKind(["search", "enrichment"], [failure("not_found", 404), failure("unavailable", 503)]);
    expect(result.found).toBe(false);
    expect(!result.found && result.error?.status).toBe(503);
  });
  it("reads a missing answer as nothing", () => {
    expect(eitherKind(["search", "enrichment"], [undefined, undefined])).toEqual({ found: false, error: null });
  });
});
