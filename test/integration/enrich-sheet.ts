// This file defines the messy sheets the enrichment tests start from, with what each row must end
// as, written out by hand (not by the add-on's own code): the pair the service must receive for
// it, or the start of the reason it is skipped. Also readers of what the service received.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { readSheet, serviceResults, type ServiceBusiness, type World } from "../../dev/world";

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
    else if (kind === 5) rows.push({ name: `Files ${i}`, website: `ftp://files${i}.com`, expected: { skip: /not a web address \(ftp:\)/ } });
    else if (kind === 7) rows.push({ name: `Mail ${i}`, website: `mailto:info@mail${i}.com`, expected: { skip: /not a web address \(mailto:\)/ } });
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

/** Seeds a sheet: header row, the rows, the user's own columns (text, numbers and formulas). */
export function seedSheet(runtime: FakeRuntime, sheetName: string, rows: RowSpec[], firstRow = 1): void {
  const testing = runtime.spreadsheetApp.testing;
  if (!testing.sheetNames().includes(sheetName)) testing.userAddSheet(sheetName);
  if (firstRow === 1) {
    testing.userSeed(sheetName, "A1", [HEADERS]);
    // A frozen header row, as users keep it: "Sort sheet" then leaves it in place.
    runtime.spreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName)?.setFrozenRows(1);
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
  const res = await fetch(`${world.url}/api/v1/enrichments?page_size=100`, { headers: { "x-api-key": apiKey } });
  const body = (await res.json()) as { items: Array<{ id: string; name: string; created_at: string; actor_input: { businesses: SentJob["businesses"] } }> };
  return body.items
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

export const userColumns = (runtime: FakeRuntime, sheetName: string): unknown[][] => {
  const testing = runtime.spreadsheetApp.testing;
  const values = testing.values(sheetName);
  const formulas = testing.formulas(sheetName);
  return values.map((row, r) => HEADERS.map((_, c) => [row[c], formulas[r]?.[c] ?? ""]));
};

/** The sheet's rows keyed by their own (name, website) cells, for checking each row's result. */
export function rowsOf(runtime: FakeRuntime, sheetName: string): Array<Record<string, unknown>> {
  return readSheet(runtime, sheetName).rows;
}
