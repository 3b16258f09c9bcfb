// Tests how the Contacts sheet is kept current and built at scale (src/contacts/keep-current.ts,
// build-contacts.ts, contacts-state.ts) on the spreadsheet fake: the passes sync only once a build
// made the sheet, only the sheets whose job records changed, repeat a sync that did not finish,
// and a build over many businesses stopped by the time is finished by the next pass, once each.
import { buildContacts } from "../../src/contacts/build-contacts";
import { CONTACTS_STATE_KEY, readContactsState } from "../../src/contacts/contacts-state";
import { keepContactsCurrent } from "../../src/contacts/keep-current";
import { bySize } from "../tier";
import { business, newDoc, TODAY } from "./contacts-helpers";

const build = (doc: ReturnType<typeof newDoc>, inTime = () => true) =>
  buildContacts({ spreadsheet: doc.spreadsheet, store: doc.store, records: doc.ctx.store.all(), inTime, today: TODAY });

describe("keeping the Contacts sheet current", () => {
  it("costs a document that never built it no spreadsheet call, and makes no sheet", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"] })]);
    doc.calls.length = 0;
    expect(keepContactsCurrent(doc.ctx, Infinity)).toBeNull();
    expect(doc.calls).toEqual([]);
    expect(doc.app.testing.sheetNames()).not.toContain("Contacts");
  });

  it("syncs the sheets whose records changed since the last finished sync, and nothing when none did", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"] })]);
    expect(build(doc)).toMatchObject({ contacts: 1, added: 1, complete: true });
    doc.calls.length = 0;
    expect(keepContactsCurrent(doc.ctx, Infinity)).toBeNull();
    expect(doc.calls).toEqual([]);
    doc.results("Plumbers", [business("p1", { emails: ["p@y.com"] })]);
    doc.calls.length = 0;
    expect(keepContactsCurrent(doc.ctx, Infinity)?.counts).toMatchObject({ contacts: 2, added: 1 });
    expect(doc.rows().map((r) => r.Email)).toEqual(["a@x.com", "p@y.com"]);
    // The Dentists sheet was not read: Plumbers' values, then Contacts' header, Email, Ready to send and Found in.
    expect(doc.calls.filter(([, method]) => method === "Range.getValues")).toHaveLength(5);
    expect(keepContactsCurrent(doc.ctx, Infinity)).toBeNull();
  });

  it("repeats a sync that failed, over the same sheets", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"] })]);
    build(doc);
    doc.results("Plumbers", [business("p1", { emails: ["p@y.com"] })]);
    const sheet = doc.spreadsheet.getSheetByName("Contacts");
    const failing = jest.spyOn(doc.spreadsheet, "getSheets").mockImplementationOnce(() => {
      throw new Error("Service Spreadsheets failed");
    });
    // The pass runner isolates the step and notes it (src/passes/pass-steps.ts): the sync itself just fails.
    expect(() => keepContactsCurrent(doc.ctx, Infinity)).toThrow("Service Spreadsheets failed");
    failing.mockRestore();
    expect(sheet?.getLastRow()).toBe(2);
    expect(keepContactsCurrent(doc.ctx, Infinity)?.counts).toMatchObject({ contacts: 2, added: 1 });
  });

  it("stops keeping a sheet the user deleted, and never makes it again by itself", () => {
    const doc = newDoc();
    doc.results("Dentists", [business("b1", { emails: ["a@x.com"] })]);
    build(doc);
    doc.app.testing.userDeleteSheet("Contacts");
    doc.results("Plumbers", [business("p1", { emails: ["p@y.com"] })]);
    expect(keepContactsCurrent(doc.ctx, Infinity)).toBeNull();
    expect(doc.store.getProperty(CONTACTS_STATE_KEY)).toBeNull();
    expect(doc.app.testing.sheetNames()).not.toContain("Contacts");
  });

  it("reads a damaged state as: sync every source", () => {
    const doc = newDoc();
    doc.store.setProperty(CONTACTS_STATE_KEY, "{not json");
    expect(readContactsState(doc.store)).toEqual({ every: true, marks: {} });
  });
});

describe("a build at scale", () => {
  const sheets = bySize(4, 20);
  it(
    `over ${sheets * 1000} businesses, stopped by the time after its first block, ` + "is finished by the next pass: one row per address",
    () => {
      const doc = newDoc();
      for (let s = 0; s < sheets; s += 1) {
        doc.results(
          `Search ${s}`,
          Array.from({ length: 1000 }, (_, i) =>
            business(`s${s}-${i}`, {
              emails: [`info@s${s}-${i}.com`, ...(i % 10 === 0 ? ["hq@chain.com"] : [])],
              owner_emails: i % 2 === 0 ? [`boss@s${s}-${i}.com`] : [],
            }),
          ),
        );
      }
      const addresses = sheets * 1500 + 1;
      doc.calls.length = 0;
      const first = build(doc, () => false);
      expect(first).toMatchObject({ contacts: 5000, added: 5000, complete: false });
      expect(readContactsState(doc.store)?.every).toBe(true);
      const pass = keepContactsCurrent(doc.ctx, Infinity);
      expect(pass?.counts).toMatchObject({ contacts: addresses, added: addresses - 5000 });
      expect(readContactsState(doc.store)?.every).toBe(false);
      const emails = doc.rows().map((r) => r.Email);
      expect(new Set(emails).size).toBe(addresses);
      expect(emails).toHaveLength(addresses);
      expect(doc.rows().find((r) => r.Email === "hq@chain.com")?.["Found in"]).toBe(
        Array.from({ length: sheets }, (_, s) => `Search ${s}`).join("; "),
      );
      // Both executions together: a bounded number of calls, within one execution's 6 minutes at 50 ms a call.
      const calls = doc.calls.filter(([kind]) => kind !== "getter").length;
      expect(calls * 50).toBeLessThan(6 * 60 * 1000);
    },
  );
});
