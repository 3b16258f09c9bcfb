// Tests the results columns: values as the service sent them, and the email verification rule
// (spec rule 1: a listed address is not verified by being listed).
import type { Business } from "../../src/api/schemas";
import {
  BUSINESS_COLUMNS,
  REQUIRED_HEADERS,
  emailStatusSummary,
  resultColumns,
  seenOn,
  verifiedListedEmails,
} from "../../src/sheets/columns";
import { exactText, unchangedCellInput, MAX_CELL_CHARS } from "../../src/sheets/cell-text";

function business(overrides: Partial<Business> = {}): Business {
  return { id: "b-1", search_id: "s-1", position: 1, title: "Acme", ...overrides } as Business;
}

const cellOf = (header: string, b: Business) => BUSINESS_COLUMNS.find((c) => c.header === header)?.value(b);

describe("results columns", () => {
  it("leads with the name and the ways to reach the business; the technical columns come last, together; every header once", () => {
    const headers = BUSINESS_COLUMNS.map((c) => c.header);
    expect(headers.slice(0, 7)).toEqual(["Name", "Phone", "Website", "Emails", "Address", "Category", "Email status"]);
    for (const header of REQUIRED_HEADERS) expect(headers).toContain(header);
    expect(new Set(headers).size).toBe(headers.length);
    const technical = BUSINESS_COLUMNS.map((c) => c.technical === true);
    const first = technical.indexOf(true);
    expect(technical.slice(first).every(Boolean)).toBe(true);
    expect(headers.slice(first)).toEqual(
      expect.arrayContaining(["Business ID", "Enrichment status", "Email verification status", "Position"]),
    );
    // Kept from the contract: the fields it names by header.
    for (const header of ["City", "Maps URL", "Business status", "Enrichment status"]) expect(headers).toContain(header);
  });

  it("has one column for the owners: 'Owner names', the service's owner_names else its single owner_name", () => {
    expect(
      resultColumns(seenOn("2026-11-27"))
        .filter((c) => /^owner name/i.test(c.header))
        .map((c) => c.header),
    ).toEqual(["Owner names"]);
    expect(cellOf("Owner names", business({ owner_name: "Ann", owner_names: ["Ann", "Bob"] }))).toBe("Ann, Bob");
    expect(cellOf("Owner names", business({ owner_name: "Ann", owner_names: [] }))).toBe("Ann");
    expect(cellOf("Owner names", business({}))).toBe("");
  });

  it("dates a search's rows by its day, the latest refresh empty", () => {
    const columns = resultColumns(seenOn("2026-11-27"));
    const cell = (header: string) => columns.find((c) => c.header === header)?.value(business());
    expect([cell("First seen"), cell("Last seen"), cell("Latest refresh")]).toEqual(["2026-11-27", "2026-11-27", ""]);
  });

  it("sizes the Business ID column narrow and the name and address wide", () => {
    const width = (header: string) => BUSINESS_COLUMNS.find((c) => c.header === header)?.width ?? 0;
    expect(width("Business ID")).toBeLessThan(width("Phone"));
    expect(width("Name")).toBeGreaterThanOrEqual(200);
    expect(width("Address")).toBeGreaterThanOrEqual(200);
  });

  it("holds service values as they are, lists joined with ', '", () => {
    const b = business({
      title: '=HYPERLINK("x")',
      emails: ["a@x.com", "b@x.com"],
      city: "0042",
      rating: 4.5,
      socials: { facebooks: ["f1", "f2"] },
    });
    expect(cellOf("Business ID", b)).toBe("b-1");
    expect(cellOf("Name", b)).toBe('=HYPERLINK("x")');
    expect(cellOf("Emails", b)).toBe("a@x.com, b@x.com");
    expect(cellOf("City", b)).toBe("0042");
    expect(cellOf("Rating", b)).toBe(4.5);
    expect(cellOf("Facebook", b)).toBe("f1, f2");
    expect(cellOf("Phone", b)).toBe("");
    expect(cellOf("Review count", b)).toBeNull();
  });

  it("calls an address verified only when the overall status is completed and its entry says deliverable", () => {
    const listed = business({
      emails: ["a@x.com", "b@x.com"],
      email_verification_status: "processing",
      email_verifications: { "a@x.com": { result: "valid" } },
    });
    expect(verifiedListedEmails(listed)).toEqual([]);
    expect(emailStatusSummary(listed)).toBe("Verification in progress");

    const done = business({
      ...listed,
      email_verification_status: "completed",
      email_verifications: { "a@x.com": { result: "valid" }, "b@x.com": { result: "risky" } },
    });
    expect(verifiedListedEmails(done)).toEqual(["a@x.com"]);
    expect(emailStatusSummary(done)).toBe("1 of 2 verified");

    const noEntries = business({ emails: ["a@x.com"], email_verification_status: "completed", email_verifications: {} });
    expect(verifiedListedEmails(noEntries)).toEqual([]);
    expect(emailStatusSummary(noEntries)).toBe("0 of 1 verified");

    expect(emailStatusSummary(business({ emails: ["a@x.com"], email_verification_status: "weird_new_state" }))).toBe(
      "Not verified (weird_new_state)",
    );
  });

  it("counts the addresses of the Emails cell beside it, not the owners' and decision makers'", () => {
    const b = business({
      emails: ["a@x.com", "b@x.com"],
      owner_emails: ["o@x.com"],
      decision_maker_emails: ["d@x.com"],
      email_verification_status: "completed",
      email_verifications: { "a@x.com": { result: "valid" }, "o@x.com": { result: "valid" }, "d@x.com": { result: "valid" } },
    });
    expect(cellOf("Emails", b)).toBe("a@x.com, b@x.com");
    expect(cellOf("Email status", b)).toBe("1 of 2 verified");
    expect(cellOf("Verified emails", b)).toBe("a@x.com");
    // The owners' verification is still told, address by address.
    expect(cellOf("Email verifications", b)).toContain("o@x.com: valid");
    expect(emailStatusSummary(business({ owner_emails: ["o@x.com"], email_verification_status: "completed" }))).toBe(
      "No emails (completed)",
    );
  });
});

describe("exact cell text", () => {
  it("quotes every non-empty text and leaves empty cells empty", () => {
    expect(exactText("")).toBe("");
    expect(exactText("0042")).toBe("'0042");
    expect(exactText("'quoted")).toBe("''quoted");
  });

  it("fits text longer than a cell takes, marking the cut", () => {
    const long = exactText("x".repeat(MAX_CELL_CHARS + 10));
    expect(long.length - 1).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(long.endsWith("[truncated]")).toBe(true);
  });

  it("writes back what it read without changing it", () => {
    expect(unchangedCellInput("0042", "")).toBe("'0042");
    expect(unchangedCellInput(42, "=A1*2")).toBe("=A1*2");
    expect(unchangedCellInput(true, "")).toBe(true);
    const date = new Date(0);
    expect(unchangedCellInput(date, "")).toBe(date);
  });
});
