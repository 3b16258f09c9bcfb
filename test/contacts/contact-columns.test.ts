// Tests the Contacts sheet's words (src/contacts/contact-columns.ts) and the formula guard
// (src/contacts/ready-to-send.ts): every `Ready to send` state's words read back as that state.
import { CONTACT_HEADERS, isSticky, isSuppressed, type ReadyToSend, readReady, readyWords } from "../../src/contacts/contact-columns";
import { guardFormula, needsFormulaGuard } from "../../src/contacts/ready-to-send";

const STATES: ReadyToSend[] = [
  { kind: "yes" },
  { kind: "check", reason: { kind: "formula" } },
  { kind: "check", reason: { kind: "not-verified" } },
  { kind: "check", reason: { kind: "result", result: "catch_all" } },
  { kind: "no", reason: { kind: "status", status: "bounced" } },
  { kind: "no", reason: { kind: "status", status: "unsubscribed" } },
  { kind: "no", reason: { kind: "status", status: "blocked" } },
  { kind: "no", reason: { kind: "do-not-contact", by: "address" } },
  { kind: "no", reason: { kind: "do-not-contact", by: "domain" } },
  { kind: "no", reason: { kind: "closed" } },
  { kind: "no", reason: { kind: "undeliverable", result: "undeliverable" } },
  { kind: "no", reason: { kind: "undeliverable", result: "invalid" } },
  { kind: "no", reason: { kind: "marked", text: "No - spoke to them" } },
];

describe("Contacts columns", () => {
  it("has the contract's header labels", () => {
    expect(CONTACT_HEADERS).toEqual(
      expect.arrayContaining([
        "Email",
        "Role",
        "Name",
        "First name",
        "Last name",
        "Company",
        "Domain",
        "Email check",
        "Ready to send",
        "Found in",
        "Business ID",
        "Maps URL",
      ]),
    );
  });
});

describe("Ready to send", () => {
  it("says Yes, Check: … or No: …", () => {
    expect(STATES.map(readyWords)).toEqual([
      "Yes",
      "Check: starts like a formula",
      "Check: not verified",
      "Check: catch_all",
      "No: bounced",
      "No: unsubscribed",
      "No: blocked",
      "No: address in Do not contact",
      "No: domain in Do not contact",
      "No: business closed permanently",
      "No: undeliverable address",
      "No: invalid address",
      "No - spoke to them",
    ]);
  });

  it("reads every words it writes back as the same state", () => {
    for (const state of STATES) expect(readReady(readyWords(state))).toEqual(state);
  });

  it("reads a person's own No as a sticky No keeping their text, and other text as nothing", () => {
    expect(readReady("no")).toEqual({ kind: "no", reason: { kind: "marked", text: "no" } });
    expect(readReady("  Yes ")).toEqual({ kind: "yes" });
    expect(readReady("")).toBeNull();
    expect(readReady("maybe")).toBeNull();
    expect(readReady("Nope")).toBeNull();
  });

  it("sticks for a status, a Do not contact entry or a person's No, and counts as suppressed unless it is the check", () => {
    expect(STATES.filter(isSticky).map(readyWords)).toEqual([
      "No: bounced",
      "No: unsubscribed",
      "No: blocked",
      "No: address in Do not contact",
      "No: domain in Do not contact",
      "No - spoke to them",
    ]);
    expect(STATES.filter(isSuppressed).length).toBe(7);
    expect(isSuppressed({ kind: "no", reason: { kind: "undeliverable", result: "invalid" } })).toBe(false);
  });
});

describe("formula guard", () => {
  it.each(["=SUM(A1)", "@me", "\tx", "\rx", "+cmd", "-cmd|x", "+1+2", "-a@b.com", '=HYPERLINK("x")'])("guards %j", (text) => {
    expect(needsFormulaGuard(text)).toBe(true);
    expect(guardFormula(text)).toBe(`'${text}`);
  });

  it.each(["+1 512-555-0100", "-3.5", "+(33) 1 23 45", "-[1]", "a@b.com", "", "+", "0042", "1/2"])("keeps %j as it is", (text) => {
    expect(needsFormulaGuard(text)).toBe(false);
    expect(guardFormula(text)).toBe(text);
  });
});
