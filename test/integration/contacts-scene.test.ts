// The playground's Contacts scene (`npm start -- --scene contacts`) on the BUILT bundle (dist/): two
// addresses a mail merge marked BOUNCED stay `No: bounced` after the next daily refresh brings new
// businesses, and the ready export (read back by a strict RFC 4180 parser) offers neither of them.
import * as path from "node:path";
import { playContactsScene } from "../../dev/playground/contacts-scene";
import { parseCsv } from "../contacts/strict-csv";

describe("the playground's Contacts scene", () => {
  it("does not offer the bounced addresses again after a refresh brings new businesses", async () => {
    const lines: string[] = [];
    const outcome = await playContactsScene({ seed: 42, distDir: path.resolve(__dirname, "../../dist"), say: (line) => lines.push(line) });
    expect(outcome.bounced).toHaveLength(2);
    expect(outcome.businessesAdded).toBeGreaterThan(0);
    expect(outcome.contactsAfter).toBeGreaterThan(outcome.contactsBefore);
    expect(outcome.bouncedReady).toEqual(["No: bounced", "No: bounced"]);
    const [header = [], ...rows] = parseCsv(outcome.readyFile.text);
    const email = header.indexOf("Email");
    expect(email).toBeGreaterThanOrEqual(0);
    const offered = rows.map((r) => String(r[email]).toLowerCase());
    expect(offered.length).toBeGreaterThan(0);
    for (const address of outcome.bounced) expect(offered).not.toContain(address.toLowerCase());
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/neither bounced one/);
  }, 120_000);
});
