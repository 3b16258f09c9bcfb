// Tests the order of the contract's `Ready to send` rules (src/contacts/ready-to-send.ts): the first
// that holds of a sticky No already in the cell, a suppression, an undeliverable check, a closed
// business, an address needing the formula guard, a deliverable check, else Check with the check's text.
import { readyWords } from "../../src/contacts/contact-columns";
import { decideReady, DoNotContact, isStatusHeader, statusIn, type ReadyInputs } from "../../src/contacts/ready-to-send";

const base: ReadyInputs = { email: "a@x.com", check: "deliverable", closed: false, suppression: null, consentNeeded: null, previous: null };
const words = (change: Partial<ReadyInputs>): string => readyWords(decideReady({ ...base, ...change }));

describe("Ready to send, the first rule that holds", () => {
  it.each([
    [{}, "Yes"],
    [{ check: "VALID" }, "Yes"],
    [{ check: "Deliverable " }, "Yes"],
    [{ check: "risky" }, "Check: risky"],
    [{ check: "" }, "Check: not verified"],
    [{ check: "Undeliverable" }, "No: undeliverable address"],
    [{ check: "invalid", closed: true }, "No: invalid address"],
    [{ closed: true }, "No: business closed permanently"],
    [{ closed: true, email: "=x@y.com" }, "No: business closed permanently"],
    [{ email: "=x@y.com" }, "Check: starts like a formula"],
    [{ email: "-x@y.com", check: "" }, "Check: starts like a formula"],
    [{ suppression: { kind: "status", status: "bounced" }, check: "invalid" }, "No: bounced"],
    [{ suppression: { kind: "do-not-contact", by: "domain" }, closed: true }, "No: domain in Do not contact"],
    [{ previous: { kind: "no", reason: { kind: "status", status: "unsubscribed" } } }, "No: unsubscribed"],
    [
      { previous: { kind: "no", reason: { kind: "status", status: "blocked" } }, suppression: { kind: "status", status: "bounced" } },
      "No: blocked",
    ],
    [{ previous: { kind: "no", reason: { kind: "marked", text: "No - competitor" } } }, "No - competitor"],
    // Not sticky: a check or a closure the sources no longer say.
    [{ previous: { kind: "no", reason: { kind: "undeliverable", result: "invalid" } } }, "Yes"],
    [{ previous: { kind: "no", reason: { kind: "closed" } } }, "Yes"],
    [{ previous: { kind: "check", reason: { kind: "formula" } } }, "Yes"],
  ] as Array<[Partial<ReadyInputs>, string]>)("%j → %s", (change, expected) => {
    expect(words(change)).toBe(expected);
  });
});

describe("suppression sources", () => {
  it("takes a column headed with status, in any case", () => {
    expect(["Merge status", "STATUS", "Email Status (YAMM)", "Notes", "Stat"].map(isStatusHeader)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("finds BOUNCED, UNSUBSCRIBED or BLOCKED in any case, also inside other text", () => {
    expect(["BOUNCED", "email_unsubscribed", "Blocked by recipient", "EMAIL_SENT", "", "OPENED"].map(statusIn)).toEqual([
      "bounced",
      "unsubscribed",
      "blocked",
      null,
      null,
      null,
    ]);
  });

  it("names an address, a domain and its subdomains of Do not contact's column A", () => {
    const list = new DoNotContact(["Email", " Boss@Acme.com ", "@other.org", "www.third.net", ""]);
    expect(
      ["boss@acme.com", "info@acme.com", "a@other.org", "a@sales.other.org", "a@third.net", "a@notother.org"].map((a) => list.reasonFor(a)),
    ).toEqual([
      { kind: "do-not-contact", by: "address" },
      null,
      { kind: "do-not-contact", by: "domain" },
      { kind: "do-not-contact", by: "domain" },
      { kind: "do-not-contact", by: "domain" },
      null,
    ]);
  });
});
