// The playground's Contacts demo on the built bundle: a mail merge (dev/playground/mail-merge.ts)
// marks two addresses BOUNCED in the Contacts sheet's `Merge status`; the next day's refresh brings
// new businesses, whose addresses the pass adds with no click; the two bounced ones stay `No` and
// are not in the ready export, while the new ones are offered, and "new" leaves out what the mail merge handled.
import { mailMergeSent } from "../../dev/playground/mail-merge";
import { pollUntil, readSheet, sidebar } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { parseCsv } from "../contacts/strict-csv";
import { expectRegisteredKeys } from "../fixtures/stored-keys";

const HOUR = 60 * 60 * 1000;
const world = useWorld(17);

it("bounced addresses are not offered again after the refresh that brings new businesses", async () => {
  const { runtime } = await setUpAccount(world, { credits: 5000 });
  const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
  const started = sidebar(runtime, "startSearch", { query: "dentists", location: location?.label, maxResults: 100 });
  pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === 100));
  sidebar(runtime, "setRefresh", { jobId: started.jobId, every: "day" });
  sidebar(runtime, "buildContacts", {});
  const merge = mailMergeSent(runtime);
  expect(merge.bounced).toHaveLength(2);
  expect(merge.sent).toBeGreaterThan(2);
  const before = readSheet(runtime, "Contacts").rows.length;

  // A day and an hour of background passes: the refresh runs and is merged, its new addresses added.
  for (let hour = 0; hour < 26; hour += 1) {
    world.clock.advance(HOUR);
    for (const result of runtime.fireDueTriggers()) expect(result.errorMessage).toBeUndefined();
  }
  const job = pollUntil(world, runtime, (all) => all.every((j) => j.refresh?.running !== true && (j.refresh?.lastRunAdded ?? 0) > 0)).find(
    (j) => j.jobId === started.jobId,
  );
  expect(job?.refresh?.lastRunAdded).toBeGreaterThan(0);
  const { rows } = readSheet(runtime, "Contacts");
  expect(rows.length).toBeGreaterThan(before);
  for (const address of merge.bounced) expect(rows.find((r) => r.Email === address)?.["Ready to send"]).toBe("No: bounced");
  const fresh = rows
    .slice(before)
    .filter((r) => r["Ready to send"] === "Yes")
    .map((r) => String(r.Email));
  expect(fresh.length).toBeGreaterThan(0);

  const [header, ...body] = parseCsv(sidebar(runtime, "contactsCsv", { format: "mail-merge" }).text);
  const offered = body.map((r) => r[(header ?? []).indexOf("Email")]);
  for (const address of merge.bounced) expect(offered).not.toContain(address);
  expect(offered).toEqual(expect.arrayContaining(fresh));
  expect(sidebar(runtime, "contactsStatus").notReady.bounced).toBe(2);
  // The mail merge's file just made, its "new" file is empty; HubSpot's holds the refresh's new ready rows, nothing the merge handled.
  expect(parseCsv(sidebar(runtime, "contactsCsv", { format: "mail-merge", include: "new" }).text)).toHaveLength(1);
  const fresh2 = parseCsv(sidebar(runtime, "contactsCsv", { format: "hubspot", include: "new" }).text)
    .slice(1)
    .map((r) => r[0]);
  expect(fresh2).toEqual(expect.arrayContaining(fresh));
  const handled = readSheet(runtime, "Contacts").rows.filter((r) => String(r["Merge status"] ?? "") !== "");
  expect(handled.length).toBe(merge.sent);
  for (const row of handled) expect(fresh2).not.toContain(row.Email);
  expectRegisteredKeys(runtime);
});
