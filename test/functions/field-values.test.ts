// Tests how a service object becomes a formula's cell (src/functions/field-values.ts): lists and
// objects as text a person reads, never raw JSON (LEADS_BUSINESS's full table shows socials).
import { fieldTable, toCell, BUSINESS_FIELDS } from "../../src/functions/field-values";

describe("toCell", () => {
  it("says socials, verifications and phone types in words, empty lists left out", () => {
    expect(
      toCell({
        facebooks: ["https://facebook.com/cedarcreek"],
        instagrams: [],
        linkedIns: [],
        yelps: ["https://yelp.com/biz/cedar", "https://yelp.com/biz/cedar-2"],
      }),
    ).toBe("Facebook: https://facebook.com/cedarcreek; Yelp: https://yelp.com/biz/cedar, https://yelp.com/biz/cedar-2");
    expect(toCell({ "info@cedar.com": { result: "deliverable", quality: "high" }, "x@cedar.com": { result: "unknown" } })).toBe(
      "info@cedar.com: deliverable, high; x@cedar.com: unknown",
    );
    expect(toCell({ "+1 512-555-0100": "mobile" })).toBe("+1 512-555-0100: mobile");
    expect(
      toCell([
        { name: "Ana Ruiz", title: "Owner" },
        { name: "Bo Li", title: null },
      ]),
    ).toBe("Ana Ruiz, Owner; Bo Li");
    expect(toCell(["a@b.com", "c@d.com"])).toBe("a@b.com, c@d.com");
    expect(toCell({})).toBe("");
  });

  it("LEADS_BUSINESS's full table has no JSON in it", () => {
    const table = fieldTable(
      {
        id: "b1",
        title: "Cedar Creek Vet",
        socials: { facebooks: ["https://facebook.com/cedarcreek"] },
        phone_types: { "+1 512-555-0100": "landline" },
      },
      BUSINESS_FIELDS,
    );
    expect(table).toEqual([
      ["id", "b1"],
      ["title", "Cedar Creek Vet"],
      ["socials", "Facebook: https://facebook.com/cedarcreek"],
      ["phone_types", "+1 512-555-0100: landline"],
    ]);
  });
});
