// Tests the Contacts sheet's rules (contract, "Contacts: one row per address") on the spreadsheet
// fake, through the one sync buildContacts and the passes run (src/contacts/sync-contacts.ts).
import { newDoc, business } from "./contacts-helpers";

const verified = (entries: Record<string, string>) => ({
  email_verification_status: "completed",
  email_verifications: Object.fromEntries(Object.entries(entries).map(([a, result]) => [a, { result, quality: "high" }])),
});

describe("Contacts: one row per address", () => {
  it("writes a row per address of emails, owner and decision maker emails, once without case, with the contract's columns", () => {
    const doc = newDoc();
    doc.results("Dentists", [
      business("b1", {
        title: "Smile Dental",
        website: "https://WWW.Smile-Dental.com/contact",
        phone: "+1 512-555-0100",
        city: "Austin",
        country_code: "US",
        emails: ["info@smile.com", " Ann@Smile.com"],
        owner_emails: ["ann@smile.com"],
        owner_names: ["Ann Marie Lee"],
        decision_maker_emails: ["bob@smile.com"],
        decision_maker_names: ["Bob", "Carl"],
        ...verified({ "info@smile.com": "deliverable", "ann@smile.com": "risky" }),
      }),
    ]);
    const counts = doc.sync();
    expect(counts).toEqual({ sheetName: "Contacts", contacts: 3, added: 3, ready: 1, suppressed: 0 });
    const rows = doc.rows();
    expect(rows.map((r) => [r.Email, r.Role, r.Name, r["First name"], r["Last name"], r["Email check"], r["Ready to send"]])).toEqual([
      ["info@smile.com", "General", "", "", "", "deliverable", "Yes"],
      ["Ann@Smile.com", "Owner", "Ann Marie Lee", "Ann Marie", "Lee", "risky", "Check: risky"],
      ["bob@smile.com", "Decision maker", "", "", "", "", "Check: not verified"],
    ]);
    expect(rows[0]).toMatchObject({
      Company: "Smile Dental",
      Domain: "smile-dental.com",
      Website: "https://WWW.Smile-Dental.com/contact",
      Phone: "+1 512-555-0100",
      City: "Austin",
      "Country code": "US",
      "Found in": "Dentists",
      "Business ID": "b1",
      "Maps URL": "https://maps.example/?cid=b1",
    });
    // A phone stays text (never a formula or a number).
    expect(
      doc.app.testing
        .formulas("Contacts")
        .flat()
        .filter((f) => f !== ""),
    ).toEqual([]);
  });

  it("takes the verification's result as written, and says Check with it when it is neither deliverable nor undeliverable", () => {
    const doc = newDoc();
    doc.results("Shops", [
      business("b1", {
        emails: ["a@x.com", "b@x.com", "c@x.com"],
        ...verified({ "a@x.com": "VALID", "b@x.com": "catch_all", "c@x.com": "Invalid" }),
      }),
    ]);
    doc.sync();
    expect(doc.rows().map((r) => [r["Email check"], r["Ready to send"]])).toEqual([
      ["VALID", "Yes"],
      ["catch_all", "Check: catch_all"],
      ["Invalid", "No: invalid address"],
    ]);
  });

  it(
    "writes a chain's shared inbox once: columns from the first business in sheet then row order, " + "Found in every sheet in sheet order",
    () => {
      const doc = newDoc();
      doc.results("North", [business("n1", { title: "Chain North", emails: ["hq@chain.com"] })]);
      doc.results("South", [
        business("s1", { title: "Other", emails: ["x@other.com"] }),
        business("s2", { title: "Chain South", emails: ["HQ@chain.com"] }),
      ]);
      doc.app.testing.userRenameSheet("North", "Zeta North"); // order is the document's, not the names'
      doc.sync();
      const rows = doc.rows();
      expect(rows.map((r) => [r.Email, r.Company, r["Found in"], r["Business ID"]])).toEqual([
        ["hq@chain.com", "Chain North", "Zeta North; South", "n1"],
        ["x@other.com", "Other", "South", "s1"],
      ]);
    },
  );

  it("says No for a closed business and Check for an address that starts like a formula", () => {
    const doc = newDoc();
    doc.results("Mixed", [
      business("c1", {
        business_status: "CLOSED_PERMANENTLY",
        emails: ["gone@closed.com"],
        ...verified({ "gone@closed.com": "deliverable" }),
      }),
      business("f1", { emails: ["=cmd@evil.com", "+x@evil.com"], ...verified({ "=cmd@evil.com": "deliverable", "+x@evil.com": "valid" }) }),
    ]);
    const counts = doc.sync();
    expect(doc.rows().map((r) => [r.Email, r["Ready to send"]])).toEqual([
      ["gone@closed.com", "No: business closed permanently"],
      ["=cmd@evil.com", "Check: starts like a formula"],
      ["+x@evil.com", "Check: starts like a formula"],
    ]);
    expect(counts).toMatchObject({ ready: 0, suppressed: 1 });
    expect(
      doc.app.testing
        .formulas("Contacts")
        .flat()
        .filter((f) => f !== ""),
    ).toEqual([]);
  });
});

describe("Contacts: nothing lost", () => {
  it("adds new addresses below the last row, never removes one, and keeps the user's columns with their address after a sort", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["zed@a.com"] }), business("b2", { emails: ["amy@b.com"] })]);
    doc.sync();
    doc.app.testing.userSeed("Contacts", "V1", [["Notes"], ["call zed"], ["call amy"]]);
    doc.app.testing.userSortSheet("Contacts", 1); // amy first now
    doc.results("Dentists", [business("b3", { emails: ["new@c.com"] })]);
    const counts = doc.sync({ create: false });
    expect(counts).toMatchObject({ contacts: 3, added: 1 });
    expect(doc.rows().map((r) => [r.Email, r.Notes])).toEqual([
      ["amy@b.com", "call amy"],
      ["zed@a.com", "call zed"],
      ["new@c.com", ""],
    ]);
  });

  it("updates the add-on's columns by the refresh rule: a new value replaces, an empty one never blanks", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"], phone: "111", city: "Austin" })]);
    doc.sync();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"], phone: "222", city: null, ...verified({ "a@x.com": "deliverable" }) })]);
    doc.sync({ create: false });
    expect(doc.rows()).toEqual([
      expect.objectContaining({ Phone: "222", City: "Austin", "Email check": "deliverable", "Ready to send": "Yes" }),
    ]);
  });

  it("keeps Found in to the sheets that hold the address now, by the refresh rule: never emptied", () => {
    const doc = newDoc();
    const north = doc.results("North", [business("n1", { emails: ["hq@chain.com", "gone@north.com"] })]);
    doc.results("South", [business("s1", { emails: ["HQ@chain.com"] })]);
    doc.sync();
    expect(doc.rows().map((r) => r["Found in"])).toEqual(["North; South", "North"]);
    // A refresh of North no longer lists either address (the merge keeps a non-empty list as the run gives it).
    doc.app.testing.userSeed("North", "D2", [["other@north.com"]]);
    doc.sync({ create: false, sheetIds: new Set([north]) });
    expect(doc.rows().map((r) => [r.Email, r["Found in"]])).toEqual([
      ["hq@chain.com", "South"],
      ["gone@north.com", "North"],
      ["other@north.com", "North"],
    ]);
  });

  it("repeating a sync changes nothing and writes nothing", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com", "b@x.com"] })]);
    doc.sync();
    const before = doc.app.testing.values("Contacts");
    doc.calls.length = 0;
    doc.sync({ create: false });
    expect(doc.app.testing.values("Contacts")).toEqual(before);
    expect(doc.calls.filter(([kind]) => kind === "write")).toEqual([]);
  });

  it("keeps no sheet when there is none and create is false (a pass)", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"] })]);
    expect(doc.sync({ create: false })).toBeNull();
    expect(doc.app.testing.sheetNames()).not.toContain("Contacts");
  });
});

describe("Contacts: suppression that sticks", () => {
  it.each(["BOUNCED", "Unsubscribed", "EMAIL_BLOCKED by recipient"])(
    "a status column saying %s turns the row No for good, also once it is cleared",
    (status) => {
      const doc = newDoc();
      doc.results("Dentists", [
        business("b1", { emails: ["a@x.com", "b@x.com"], ...verified({ "a@x.com": "deliverable", "b@x.com": "deliverable" }) }),
      ]);
      doc.sync();
      doc.app.testing.userSeed("Contacts", "V1", [["Merge status"], [status], ["EMAIL_SENT"]]);
      const counts = doc.sync({ create: false });
      const word = status.toLowerCase().includes("bounced")
        ? "bounced"
        : status.toLowerCase().includes("unsub")
          ? "unsubscribed"
          : "blocked";
      expect(doc.rows().map((r) => r["Ready to send"])).toEqual([`No: ${word}`, "Yes"]);
      expect(counts).toMatchObject({ ready: 1, suppressed: 1 });
      doc.app.testing.userSeed("Contacts", "Q2", [[""]]);
      doc.results("Dentists", [
        business("b1", { emails: ["a@x.com", "b@x.com"], ...verified({ "a@x.com": "deliverable", "b@x.com": "deliverable" }) }),
      ]);
      doc.sync({ create: false });
      expect(doc.rows().map((r) => r["Ready to send"])).toEqual([`No: ${word}`, "Yes"]);
    },
  );

  it("reads only columns it did not write whose header says status", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"], ...verified({ "a@x.com": "deliverable" }) })]);
    doc.sync();
    doc.app.testing.userSeed("Contacts", "V1", [["Notes"], ["bounced once, fixed"]]);
    doc.sync({ create: false });
    expect(doc.rows()[0]?.["Ready to send"]).toBe("Yes");
  });

  it("a Do not contact sheet naming the address or its domain says No, and it sticks", () => {
    const doc = newDoc();
    doc.results("Dentists", [
      business("b1", {
        emails: ["Boss@Acme.com", "info@sales.other.org", "ok@fine.com"],
        ...verified({ "boss@acme.com": "valid", "info@sales.other.org": "valid", "ok@fine.com": "valid" }),
      }),
    ]);
    doc.app.testing.userAddSheet("Do not contact");
    doc.app.testing.userSeed("Do not contact", "A1", [["boss@acme.com"], ["other.org"]]);
    doc.sync();
    expect(doc.rows().map((r) => r["Ready to send"])).toEqual(["No: address in Do not contact", "No: domain in Do not contact", "Yes"]);
    doc.app.testing.userDeleteSheet("Do not contact");
    doc.sync({ create: false });
    expect(doc.rows().map((r) => r["Ready to send"])).toEqual(["No: address in Do not contact", "No: domain in Do not contact", "Yes"]);
  });

  it("keeps a No a person typed, in their words", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"], ...verified({ "a@x.com": "deliverable" }) })]);
    doc.sync();
    doc.app.testing.userType("Contacts", "M2", "No, asked us to stop");
    doc.sync({ create: false });
    expect(doc.rows()[0]?.["Ready to send"]).toBe("No, asked us to stop");
  });
});

describe("Contacts: scale and repair", () => {
  it("a build stopped by the time is finished by the next sync, without a duplicate", () => {
    const doc = newDoc();
    const many = Array.from({ length: 12 }, (_, i) => business(`b${i}`, { emails: [`a${i}@x.com`] }));
    doc.results("Big", many);
    // The first block is always written, however late.
    doc.sync({ inTime: () => false });
    expect(doc.rows()).toHaveLength(12);
    // What a stopped build leaves: rows missing, rows whose other columns a killed write left empty.
    doc.app.testing.userDeleteRows("Contacts", 8, 6);
    doc.app.testing.userSeed("Contacts", "M2", [[""], [""]]);
    doc.sync({ create: false });
    const rows = doc.rows();
    expect(rows.map((r) => r.Email).sort()).toEqual(many.map((b) => b.emails?.[0]).sort());
    expect(rows.every((r) => r["Ready to send"] === "Check: not verified")).toBe(true);
  });

  it("a pass reads only the sheets it wrote, and of Contacts the columns every row needs, in a bounded number of calls", () => {
    const doc = newDoc();
    doc.results(
      "Old",
      Array.from({ length: 50 }, (_, i) => business(`o${i}`, { emails: [`o${i}@x.com`, "hq@chain.com"] })),
    );
    doc.sync();
    doc.app.testing.userSeed("Contacts", "V1", [["Merge status"], ["EMAIL_SENT"], ["EMAIL_SENT"], ["BOUNCED"]]);
    const id = doc.results(
      "New",
      Array.from({ length: 700 }, (_, i) =>
        business(`n${i}`, { emails: [`n${i}@y.com`, "HQ@chain.com"], owner_emails: [`boss${i}@y.com`] }),
      ),
    );
    doc.calls.length = 0;
    const counts = doc.sync({ create: false, sheetIds: new Set([id]) });
    expect(counts).toMatchObject({ contacts: 1451, added: 1400, suppressed: 1 });
    const reads = doc.calls.filter(([kind, method]) => kind === "read" && method.endsWith("getValues")).map(([, method]) => method);
    const writes = doc.calls.filter(([kind]) => kind === "write").map(([, method]) => method);
    // The new sheet; Contacts' header, Email, Ready to send, Found in and Merge status;
    // the own columns of the one row the new sheet holds too (the chain's inbox).
    expect(reads).toHaveLength(7);
    // The shared inbox's Found in; the bounced row's Ready to send; the grid grown once, then one block of new rows.
    expect(writes).toEqual(["Range.setValues", "Range.setValues", "Sheet.insertRowsAfter", "Range.setValues"]);
    const rows = doc.rows();
    expect(rows.find((r) => r.Email === "hq@chain.com")?.["Found in"]).toBe("Old; New");
    expect(rows[2]?.["Ready to send"]).toBe("No: bounced");
  });
});
