// This file defines the messy sheets the enrichment tests start from, with what each row must end
// as, written out by hand (not by the add-on's own code): the pair the service must receive for
// it, or the start of the reason it is skipped. Also readers of what the service received.
import type { PersonAtWork } from "./person-acts";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { readService, readSheet, serviceResults, type ServiceBusiness, type World } from "../../dev/world";
import { mismatches } from "./mismatches";

export interface RowSpec {
  name: string;
  website: string;
  /** The (name, website) the service must receive for this row, or why it is skipped. */
  expected: { name: string; url: string } | { skip: RegExp };
}

const VARIANTS: Array<(i: number) => [typed: string, url: string]> = [
  (i) => [`acme${i}.com`, `https://acme${i}.com`],
  (i) => [`www.acme${i}.com/contact`, `https://www.acme${i}.com/contact`],
  (i) => [`HTTP://Acme${i}.COM/`, `http://acme${i}.com`],
  (i) => [`https://acme${i}.com:443/?ref=x#top`, `https://acme${i}.com/?ref=x`],
];

function validRow(i: number): RowSpec {
  const [typed, url] = VARIANTS[i % 4]?.(i) ?? ["", ""];
  const name = i % 40 === 15 ? `=Acme ${i}` : i % 40 === 35 ? `+Plus ${i}` : `Company ${i}`;
  return { name, website: typed, expected: { name, url } };
}

/** `count` rows: valid ones in four spellings, duplicates, bad addresses, blank names, formula-like names. */
export function messyRows(count: number, offset = 0): RowSpec[] {
  const rows: RowSpec[] = [];
  for (let n = 1; n <= count; n += 1) {
    const i = n + offset;
    const kind = i % 20;
    if (kind === 3) rows.push({ name: "   ", website: `blank${i}.com`, expected: { skip: /^no business name$/ } });
    else if (kind === 5)
      rows.push({ name: `Files ${i}`, website: `ftp://files${i}.com`, expected: { skip: /not a web address \(ftp:\)/ } });
    else if (kind === 7)
      rows.push({ name: `Mail ${i}`, website: `mailto:info@mail${i}.com`, expected: { skip: /not a web address \(mailto:\)/ } });
    else if (kind === 9) rows.push({ name: `Relative ${i}`, website: "/contact-us", expected: { skip: /relative/ } });
    else if (kind === 11) rows.push({ name: `Hostless ${i}`, website: "https://", expected: { skip: /no host/ } });
    else if (kind === 13 && n > 12) {
      // The pair of 12 rows up, in other case and spacing, with a trailing slash.
      const first = validRow(i - 12);
      const { name, url } = first.expected as { name: string; url: string };
      rows.push({ name: `  ${name.toUpperCase()} `, website: url.endsWith("/") ? url : `${url}/`, expected: { name, url } });
    } else rows.push(validRow(i));
  }
  return rows;
}

export const HEADERS = ["Company", "Notes", "Website", "Owner"];

/**
 * Seeds a sheet: header row, the rows, the user's own columns (text, numbers and formulas); in
 * the runtime's first spreadsheet or another one (runtime.addDocument).
 */
export function seedSheet(runtime: FakeRuntime, sheetName: string, rows: RowSpec[], firstRow = 1, documentId?: string): void {
  const app = runtime.spreadsheet(documentId);
  const testing = app.testing;
  if (!testing.sheetNames().includes(sheetName)) testing.userAddSheet(sheetName);
  if (firstRow === 1) {
    testing.userSeed(sheetName, "A1", [HEADERS]);
    // A frozen header row, as users keep it: "Sort sheet" then leaves it in place.
    app.getActiveSpreadsheet().getSheetByName(sheetName)?.setFrozenRows(1);
  }
  testing.userSeed(
    sheetName,
    `A${firstRow + 1}`,
    rows.map((r, i) => [r.name, i % 7 === 0 ? "0042" : `note ${firstRow + i}`, r.website, i % 5 === 0 ? 12.5 : "1/2"]),
  );
  for (let i = 0; i < rows.length; i += 97) testing.userType(sheetName, `D${firstRow + 1 + i}`, `=1+${i}`);
}

export interface SentJob {
  id: string;
  name: string;
  businesses: Array<{ business_name: string; website_url: string }>;
}

/** Every enrichment job of the account, with the businesses it received, oldest first (then by name: "(1 of 2)" first). */
export async function serviceEnrichments(world: World, apiKey: string): Promise<SentJob[]> {
  type Item = { id: string; name: string; created_at: string; actor_input: { businesses: SentJob["businesses"] } };
  // Pages of 5 jobs: a page of 29 jobs of 700 businesses each would be a 1.2 MB answer.
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const body = (await readService(`${world.url}/api/v1/enrichments?page_size=5&page=${page}`, apiKey)).body as {
      items: Item[];
      total: number;
    };
    items.push(...body.items);
    if (page * 5 >= body.total) break;
  }
  return items
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((j) => ({ id: j.id, name: j.name, businesses: j.actor_input.businesses }));
}

/** Every business of every enrichment job, by `name \u0001 url` (the latest job wins). */
export async function enrichedBusinesses(world: World, apiKey: string, jobs: SentJob[]): Promise<Map<string, ServiceBusiness>> {
  const byPair = new Map<string, ServiceBusiness>();
  for (const job of jobs) {
    for (const b of await serviceResults(world, apiKey, job.id, "enrichments")) byPair.set(`${b.title}\u0001${String(b.website)}`, b);
  }
  return byPair;
}

export const userColumns = (runtime: FakeRuntime, sheetName: string, documentId?: string): unknown[][] => {
  const testing = runtime.spreadsheet(documentId).testing;
  const values = testing.values(sheetName);
  const formulas = testing.formulas(sheetName);
  return values.map((row, r) => HEADERS.map((_, c) => [row[c], formulas[r]?.[c] ?? ""]));
};

/** The sheet's rows keyed by their own (name, website) cells, for checking each row's result. */
export function rowsOf(runtime: FakeRuntime, sheetName: string): Array<Record<string, unknown>> {
  return readSheet(runtime, sheetName).rows;
}

/**
 * A pair's identity as the contract states it, written out here apart from the add-on's code: the
 * name without case or spacing, the website without its scheme, a leading `www.`, the host's case
 * and a trailing `/`. A duplicate may be sent in either spelling (the first row in sheet order,
 * and a fault schedule may sort the sheet), so what was sent is compared by this key.
 */
export const pairKey = (name: string, url: string): string => {
  const parts = /^(?:[a-z]+:\/\/)?(?:www\.)?([^/?#]*)(.*)$/i.exec(url.trim());
  const address = `${(parts?.[1] ?? "").toLowerCase()}${(parts?.[2] ?? "").replace(/\/$/, "")}`;
  return `${name.trim().split(/\s+/).join(" ").toLowerCase()}\u0001${address}`;
};
const joined = (value: unknown): string => (Array.isArray(value) ? value.join(", ") : "");

/** The unique pairs in sheet order, first spelling kept: what a correct add-on sends. */
export function expectedUnique(specs: RowSpec[]): Array<{ name: string; url: string }> {
  const seen = new Map<string, { name: string; url: string }>();
  for (const spec of specs) {
    if (!("name" in spec.expected)) continue;
    const key = pairKey(spec.expected.name, spec.expected.url);
    if (!seen.has(key)) seen.set(key, spec.expected);
  }
  return [...seen.values()];
}

/**
 * Checks every row of the sheet against the service's results, by the row's own cells: a sent
 * row shows its business's result (or `Failed:` when its job failed before it completed), a row
 * not sent for credits says so, a bad row says why it was skipped.
 */
export function expectRowsRight(
  runtime: FakeRuntime,
  sheetName: string,
  specs: RowSpec[],
  sent: Set<string>,
  byPair: Map<string, ServiceBusiness>,
  creditReason: string | RegExp | null,
  failedPairs: Set<string> = new Set(),
  documentId?: string,
  person?: Pick<PersonAtWork, "holdsTyped">,
): void {
  const bySpec = new Map(specs.map((s) => [`${s.name}\u0001${s.website}`, s]));
  const byKey = new Map([...byPair.values()].map((b) => [pairKey(String(b.title), String(b.website)), b]));
  const { rows } = readSheet(runtime, sheetName, documentId);
  expect(rows).toHaveLength(specs.length);
  // Every cell's check is collected and asserted once: a sheet of 1,400 rows is one comparison.
  const checks: Array<[string, unknown, unknown]> = [];
  for (const row of rows) {
    const spec = bySpec.get(`${String(row.Company)}\u0001${String(row.Website)}`);
    const where = `${String(row.Company)} (${String(row.Website)})`;
    checks.push([`${where}: a row of the sheet as written`, spec !== undefined, true]);
    if (!spec) continue;
    const status = String(row["Enrichment status"]);
    // A status a person typed over (person-acts.ts) is theirs until the add-on has a newer word: the row's other cells still count.
    const retyped = person?.holdsTyped(`${String(row.Company)}\u0001${String(row.Website)}`, "Enrichment status", status) === true;
    if ("skip" in spec.expected) {
      if (retyped) continue;
      checks.push([`${where}: Enrichment status`, status, /^Skipped: /]);
      checks.push([`${where}: why skipped`, status.slice("Skipped: ".length), spec.expected.skip]);
      continue;
    }
    const key = pairKey(spec.expected.name, spec.expected.url);
    if (!sent.has(key)) {
      if (retyped) continue;
      checks.push([
        `${where}: Enrichment status`,
        status,
        creditReason instanceof RegExp ? creditReason : `Skipped: ${creditReason ?? "?"}`,
      ]);
      continue;
    }
    const business = byKey.get(key);
    checks.push([`${where}: a business of the service`, business !== undefined, true]);
    if (!business) continue;
    const expectedStatus = failedPairs.has(key) && business.enrichment_status !== "completed" ? /^Failed: / : business.enrichment_status;
    // The columns that copy one field of the service's JSON as it is (lists joined).
    const socials = (business.socials ?? {}) as Record<string, unknown>;
    const phoneTypes = Object.entries((business.phone_types ?? {}) as Record<string, unknown>).map(
      ([phone, type]) => `${phone}: ${String(type)}`,
    );
    const expected: Record<string, unknown> = {
      "Enrichment status": expectedStatus,
      Emails: joined(business.emails),
      "Owner emails": joined(business.owner_emails),
      Phone: business.phone ?? "",
      "Enriched for": `${business.title} | ${String(business.website)}`,
      "Decision maker names": joined(business.decision_maker_names),
      "Decision maker emails": joined(business.decision_maker_emails),
      "Additional phones": joined(business.additional_phones),
      "Phone types": phoneTypes.join("; "),
      Facebook: joined(socials.facebooks),
      Instagram: joined(socials.instagrams),
      LinkedIn: joined(socials.linkedIns),
      "Owner enrichment status": business.owner_enrichment_status ?? "",
    };
    if (retyped) delete expected["Enrichment status"];
    for (const [header, value] of Object.entries(expected)) checks.push([`${where}: ${header}`, row[header], value]);
  }
  expect(mismatches(checks)).toEqual([]);
}
