// The playground's Contacts scene (`npm start -- --scene contacts`) on the BUILT bundle (dist/): two addresses a mail merge marked
// BOUNCED stay `No: bounced` after the next daily refresh brings new businesses; an address forgotten is not brought back by the refresh
// that finds it again; "New since the last file" holds only the ready rows the refresh added; and the German locale's scene, a Berlin
// team's, shows `Check: prior consent needed (DE)`. Every file is read back by a strict RFC 4180 parser.
import * as path from "node:path";
import { playContactsScene } from "../../dev/playground/contacts-scene";
import { parseCsv } from "../contacts/strict-csv";

const dist = path.resolve(__dirname, "../../dist");
const emails = (text: string): string[] => {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((r) => String(r[header.indexOf("Email")]).toLowerCase());
};

describe("the playground's Contacts scene", () => {
  it("keeps the bounced out, forgets one for good through a refresh that finds it again, and offers only the new rows next", async () => {
    const lines: string[] = [];
    const outcome = await playContactsScene({ seed: 42, distDir: dist, say: (line) => lines.push(line) });
    expect(outcome.bounced).toHaveLength(2);
    expect(outcome.businessesAdded).toBeGreaterThan(0);
    expect(outcome.contactsAfter).toBeGreaterThan(outcome.contactsBefore);
    expect(outcome.bouncedReady).toEqual(["No: bounced", "No: bounced"]);
    expect(outcome.consentNeeded).toBe(0);
    expect(outcome.forgotten).toEqual({ email: expect.stringContaining("@"), foundAgain: true, anywhere: 0 });
    const [header = [], ...all] = parseCsv(outcome.allFile.text);
    const optOut = header.indexOf("Email Opt Out");
    const bounced = outcome.bounced.map((address) => address.toLowerCase());
    expect(all.filter((row) => row[optOut] === "1").map((row) => String(row[header.indexOf("Email")]).toLowerCase())).toEqual(bounced);
    expect(emails(outcome.allFile.text)).not.toContain(outcome.forgotten.email);
    expect(outcome.addedReady.length).toBeGreaterThan(0);
    expect(emails(outcome.newFile.text)).toEqual(outcome.addedReady.map((address) => address.toLowerCase()));
    expect(lines).toHaveLength(6);
  }, 120_000);

  it("in a German spreadsheet, searches Berlin and asks for prior consent until a colleague records it", async () => {
    const lines: string[] = [];
    const outcome = await playContactsScene({ seed: 42, distDir: dist, locale: "de_DE", say: (line) => lines.push(line) });
    expect(outcome.consentNeeded).toBeGreaterThan(10);
    expect(lines[0]).toMatch(/"dentists" in Berlin.* read "Check: prior consent needed \(DE\)"\.$/);
    expect(lines[1]).toMatch(/records consent for 12 of them in a Consent column/);
    expect(outcome.bounced).toHaveLength(2);
    expect(outcome.forgotten.anywhere).toBe(0);
  }, 120_000);
});
