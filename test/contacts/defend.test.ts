// Tests the rules of "Contacts you can defend" and the three changed rules of "Contacts" (contract) on plain code and the spreadsheet
// fake: address types, suppression words that stand alone, Do not contact as people write it (through the one website key, and
// sha256 lines), the consent check and a consent column, a shared inbox closed only when every business is, the verified words one
// rule with the results sheets, Source / First found / Last found, and an address forgotten for good never written by a sync.
import { createHash } from "node:crypto";
import { addressType } from "../../src/contacts/address-type";
import { readContactsRules, saveConsentCountries } from "../../src/contacts/contacts-rules";
import { exportedTo, withExport } from "../../src/contacts/export-formats";
import { cellWithout, statusAfter } from "../../src/contacts/forget-cells";
import { Forgotten, forgottenPrefix, sha256Line, withoutForgotten } from "../../src/contacts/forgotten";
import { addForgotten, readSharedForgotten } from "../../src/contacts/contacts-rules";
import { decideReady, DoNotContact, statusIn, type ReadyInputs } from "../../src/contacts/ready-to-send";
import { readyWords } from "../../src/contacts/contact-columns";
import { sha256Hex } from "../../src/contacts/sha256";
import { emailStatusSummary, verifiedListedEmails } from "../../src/sheets/columns";
import { business, MemoryStore, newDoc, TODAY } from "./contacts-helpers";

const verified = (entries: Record<string, string>) => ({
  email_verification_status: "completed",
  email_verifications: Object.fromEntries(Object.entries(entries).map(([a, result]) => [a, { result }])),
});

describe("address types", () => {
  it.each([
    ["anna.schmidt@praxis-mitte.de", "Named"],
    ["info@praxis-mitte.de", "Role"],
    ["Info.Austin@smile.com", "Role"],
    ["sales-2@acme.com", "Role"],
    ["no-reply@acme.com", "Role"],
    ["noreply@acme.com", "Role"],
    ["hr@acme.com", "Role"],
    ["john.sales@acme.com", "Named"],
    ["hrvoje@acme.com", "Named"],
    ["zahnarzt.weber@gmail.com", "Free mail"],
    ["info@gmail.com", "Free mail"],
    ["x@yahoo.co.uk", "Free mail"],
    ["x@hotmail.de", "Free mail"],
    ["x@gmx.net", "Free mail"],
    ["x@web.de", "Free mail"],
    ["x@proton.me", "Free mail"],
    ["x@yandex.ru", "Free mail"],
    ["x@mail.ru", "Free mail"],
    ["x@live.acme.com", "Named"],
  ])("%s is %s", (address, type) => {
    expect(addressType(address)).toBe(type);
  });
});

describe("suppression words stand alone", () => {
  it.each([
    ["BOUNCED", "bounced"],
    ["EMAIL_BOUNCED", "bounced"],
    ["BOUNCED (hard)", "bounced"],
    ["bounced-2", "bounced"],
    ["Unsubscribed", "unsubscribed"],
    ["email_unsubscribed", "unsubscribed"],
    ["Blocked by recipient", "blocked"],
    ["unblocked", null],
    ["BLOCKEDLIST", null],
    ["EMAIL_SENT", null],
    ["RESPONDED", null],
    ["", null],
  ])("%j suppresses as %j", (cell, status) => {
    expect(statusIn(cell)).toBe(status);
  });
});

describe("Do not contact, as people write it", () => {
  const list = new DoNotContact([
    "Address or domain",
    " Boss@Acme.com ",
    "@other.org",
    "https://www.Third.net/contact",
    "WWW.FOURTH.IO",
    `sha256:${sha256Hex("gone@fifth.com")}`,
    "",
  ]);
  it.each([
    ["boss@acme.com", "address"],
    ["BOSS@ACME.COM", "address"],
    ["info@acme.com", null],
    ["a@other.org", "domain"],
    ["a@sales.other.org", "domain"],
    ["a@third.net", "domain"],
    ["a@fourth.io", "domain"],
    [" Gone@Fifth.com", "address"],
    ["kept@fifth.com", null],
    ["a@notother.org", null],
  ])("%s: %s", (address, by) => {
    expect(list.reasonFor(address)).toEqual(by === null ? null : { kind: "do-not-contact", by });
  });

  it("takes a forgotten address's line as forgetContact writes it: the SHA-256 of the trimmed lower-case address", () => {
    expect(sha256Line(" Anna@Example.com ")).toBe(`sha256:${createHash("sha256").update("anna@example.com").digest("hex")}`);
    for (const text of ["", "abc", "müller@straße.de", "x".repeat(55), "y".repeat(64), "é😀".repeat(40)])
      expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
  });
});

describe("Ready to send with consent", () => {
  const base: ReadyInputs = {
    email: "a@x.de",
    check: "deliverable",
    closed: false,
    suppression: null,
    consentNeeded: null,
    previous: null,
  };
  const words = (change: Partial<ReadyInputs>): string => readyWords(decideReady({ ...base, ...change }));
  it("asks for prior consent after the No rules, before Yes and the formula check", () => {
    expect(words({ consentNeeded: "DE" })).toBe("Check: prior consent needed (DE)");
    expect(words({ consentNeeded: "DE", check: "" })).toBe("Check: prior consent needed (DE)");
    expect(words({ consentNeeded: "DE", email: "=x@y.de" })).toBe("Check: prior consent needed (DE)");
    expect(words({ consentNeeded: "DE", closed: true })).toBe("No: business closed permanently");
    expect(words({ consentNeeded: "DE", check: "invalid" })).toBe("No: invalid address");
    expect(words({ consentNeeded: "DE", suppression: { kind: "status", status: "bounced" } })).toBe("No: bounced");
  });

  it("verified words are one rule with the results sheets: any case of deliverable, valid, ok, verified, safe", () => {
    const checks = { "a@x.com": "OK", "b@x.com": "Verified", "c@x.com": "safe", "d@x.com": "accept_all", "e@x.com": "VALID" };
    const row = business("b", { emails: Object.keys(checks), ...verified(checks) });
    expect(emailStatusSummary(row)).toBe("4 of 5 verified");
    expect(verifiedListedEmails(row)).toEqual(["a@x.com", "b@x.com", "c@x.com", "e@x.com"]);
    expect(Object.values(checks).map((check) => words({ check }))).toEqual(["Yes", "Yes", "Yes", "Check: accept_all", "Yes"]);
  });

  it("keeps the consent countries with the document: DE until set, upper case as stored, none allowed", () => {
    const store = new MemoryStore();
    expect(readContactsRules(store).consent).toEqual(["DE"]);
    expect(saveConsentCountries(store, ["de", " at ", "DE"])).toEqual(["DE", "AT"]);
    expect(readContactsRules(store).consent).toEqual(["DE", "AT"]);
    expect(saveConsentCountries(store, [])).toEqual([]);
    expect(readContactsRules(store).consent).toEqual([]);
  });
});

describe("Exported", () => {
  it("names each tool once with its latest day, keeps a person's words, and is read back by tool", () => {
    const once = withExport("", "hubspot", "2026-12-06");
    expect(once).toBe("HubSpot 2026-12-06");
    const twice = withExport(withExport(once, "mail-merge", "2026-12-07"), "hubspot", "2026-12-08");
    expect(twice).toBe("HubSpot 2026-12-08; Mail merge 2026-12-07");
    expect(withExport("sent by hand; Pipedrive 2026-01-02", "salesforce", "2026-12-06")).toBe(
      "sent by hand; Pipedrive 2026-01-02; Salesforce 2026-12-06",
    );
    expect(["hubspot", "salesforce", "pipedrive", "mail-merge"].map((f) => exportedTo(twice, f as "hubspot"))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});

describe("forgetting an address's cells", () => {
  it("takes it out of lists, verification entries and key contacts, keeping the rest, and says Email status's count again", () => {
    const key = "ann@smile.com";
    expect(cellWithout("Emails", "info@smile.com, Ann@Smile.com", key)).toBe("info@smile.com");
    expect(cellWithout("Owner emails", "ANN@smile.com", key)).toBe("");
    expect(cellWithout("Email verifications", "info@smile.com: valid, high; ann@smile.com: risky, low", key)).toBe(
      "info@smile.com: valid, high",
    );
    expect(cellWithout("Key contacts", JSON.stringify([{ email: "Ann@Smile.com" }, { email: "bob@smile.com" }]), key)).toBe(
      JSON.stringify([{ email: "bob@smile.com" }]),
    );
    expect(cellWithout("Emails", "annie@smile.com", key)).toBe("annie@smile.com");
    expect(statusAfter("2 of 2 verified", 1, 1)).toBe("1 of 1 verified");
    expect(statusAfter("1 of 1 verified", 0, 0)).toBe("No emails (completed)");
    expect(statusAfter("Verification in progress", 1, null)).toBe("Verification in progress");
  });

  it("leaves out of the service's businesses every address forgotten, and nothing else", () => {
    const store = new MemoryStore();
    const found = business("b", {
      emails: ["info@smile.com", "Ann@Smile.com"],
      owner_emails: ["ann@smile.com"],
      decision_maker_emails: ["bob@smile.com"],
      key_contacts: [{ email: "ann@smile.com" }, { name: "Bob" }],
      ...verified({ "info@smile.com": "deliverable", "ann@smile.com": "risky" }),
    });
    expect(withoutForgotten(store, [found])[0]).toBe(found);
    const shared = new MemoryStore();
    expect(addForgotten(store, shared, forgottenPrefix(" ANN@smile.com"))).toBe(true);
    expect(addForgotten(store, shared, forgottenPrefix("ann@smile.com"))).toBe(false);
    // Formulas read the same prefix from document properties, in either build.
    expect(readSharedForgotten(shared)).toEqual([forgottenPrefix("ann@smile.com")]);
    expect(readSharedForgotten(new MemoryStore())).toEqual([]);
    const [kept] = withoutForgotten(store, [found]);
    expect(kept).toMatchObject({
      emails: ["info@smile.com"],
      owner_emails: [],
      decision_maker_emails: ["bob@smile.com"],
      key_contacts: [{ name: "Bob" }],
      email_verifications: { "info@smile.com": { result: "deliverable" } },
      title: found.title,
    });
    // The store keeps a prefix of the hash, never the address.
    expect(store.getProperties()["contacts:rules"]).not.toMatch(/smile/i);
    expect(new Forgotten(readContactsRules(store).forgotten).has("Ann@Smile.com ")).toBe(true);
  });
});

describe("a sync of the Contacts sheet", () => {
  it("says where each address came from and when, and its type; First found never changes, Last found is the sync's day", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["info@smile.com"], owner_emails: ["ann.lee@gmail.com"] })]);
    doc.results("Prospects", [business("p1", { emails: ["info@smile.com", "sam@bolt.io"] })]);
    doc.sync();
    const rows = doc.rows();
    expect(rows.map((r) => [r.Email, r.Source, r["First found"], r["Last found"], r["Address type"], r.Exported])).toEqual([
      ["info@smile.com", "Dentists; Prospects", TODAY, TODAY, "Role", ""],
      ["ann.lee@gmail.com", "Dentists", TODAY, TODAY, "Free mail", ""],
      ["sam@bolt.io", "Prospects", TODAY, TODAY, "Named", ""],
    ]);
    doc.app.testing.userSeed("Contacts", "R2", [["2026-01-01"]]);
    doc.results("Dentists", [business("b1", { emails: ["info@smile.com"], phone: "+1 512-555-0199" })]);
    doc.sync({ create: false });
    expect(doc.rows()[0]).toMatchObject({ "First found": "2026-01-01", "Last found": TODAY });
    // Its Email column stays in view as the sheet scrolls sideways.
    expect(doc.spreadsheet.getSheetByName("Contacts")?.getFrozenColumns()).toBe(1);
  });

  it("closes a shared inbox only when every business with it is closed for good", () => {
    const doc = newDoc();
    const branch = (id: string, status: string) => business(id, { emails: ["info@chain.com"], business_status: status });
    doc.results("Austin", [branch("a1", "CLOSED_PERMANENTLY"), branch("a2", "CLOSED_TEMPORARILY"), branch("a3", "OPERATIONAL")]);
    doc.results("Closed", [
      branch("c1", "CLOSED_PERMANENTLY"),
      business("c2", { emails: ["gone@x.com"], business_status: "CLOSED_PERMANENTLY" }),
    ]);
    doc.sync();
    expect(doc.rows().map((r) => r["Ready to send"])).toEqual(["Check: not verified", "No: business closed permanently"]);
  });

  it("asks for prior consent in the consent countries, unless a column headed Consent records it; the list is the team's", () => {
    const doc = newDoc();
    const praxis = (id: string, email: string, country: string) =>
      business(id, { emails: [email], country_code: country, ...verified({ [email]: "deliverable" }) });
    doc.results("Berlin", [praxis("d1", "anna@praxis.de", "DE"), praxis("d2", "info@zahn.de", "DE"), praxis("u1", "ann@smile.com", "US")]);
    doc.sync();
    expect(doc.rows().map((r) => r["Ready to send"])).toEqual([
      "Check: prior consent needed (DE)",
      "Check: prior consent needed (DE)",
      "Yes",
    ]);
    doc.app.testing.userSeed("Contacts", "V1", [["Consent (opt-in)"], ["yes, 2026-11-02 fair"], ["no"]]);
    doc.results("Berlin", [praxis("d1", "anna@praxis.de", "DE")]);
    doc.sync({ create: false });
    expect(doc.rows().map((r) => r["Ready to send"])).toEqual(["Yes", "Check: prior consent needed (DE)", "Yes"]);
    saveConsentCountries(doc.store, ["US"]);
    doc.sync({ create: true });
    expect(doc.rows().map((r) => r["Ready to send"])).toEqual(["Yes", "Yes", "Check: prior consent needed (US)"]);
  });

  it("never writes an address forgotten for good, also when a sheet still holds it, and matches a Do not contact sha256 line", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["info@smile.com", "gone@smile.com"] }), business("b2", { emails: ["kept@x.com"] })]);
    addForgotten(doc.store, doc.store, forgottenPrefix("gone@smile.com"));
    doc.app.testing.userAddSheet("Do not contact");
    doc.app.testing.userSeed("Do not contact", "A1", [[`sha256:${sha256Hex("kept@x.com")}`]]);
    doc.sync();
    expect(doc.rows().map((r) => [r.Email, r["Ready to send"]])).toEqual([
      ["info@smile.com", "Check: not verified"],
      ["kept@x.com", "No: address in Do not contact"],
    ]);
  });
});
