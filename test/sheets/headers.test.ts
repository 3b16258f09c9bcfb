// The one header rule (src/sheets/headers.ts): a header is known by its text, spaces collapsed, case aside.
import { columnOfHeader, headerKey, positionsOf } from "../../src/sheets/headers";

describe("the one header rule (headers.ts)", () => {
  it("knows a header by its text, spaces collapsed and case aside", () => {
    expect(headerKey("  Business   ID ")).toBe("business id");
    expect(columnOfHeader(["Notes", "business id", "Business ID"], "Business ID")).toBe(2);
    expect(columnOfHeader(["Enrichment status", "Emails", "emails"], "Emails", 3)).toBe(3);
    expect(columnOfHeader(["Name"], "Website")).toBe(0);
  });
  it("keys a results sheet's cells by the add-on's own header, others by their text", () => {
    expect([...positionsOf(["My notes", "NAME", " Business  ID", "Name"], ["Name", "Business ID"])]).toEqual([
      ["My notes", 1],
      ["Name", 2],
      ["Business ID", 3],
    ]);
  });
});
