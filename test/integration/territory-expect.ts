// This file defines what a territory's sheet must hold, worked out from the service alone: each
// search of the territory created once in each run (its job named "<query> · <place>"), and per
// business (by Maps URL) the first and latest runs that found it, the searches of that latest run
// that returned it (its `Found by`, in the territory's order) and their ids for it. The fault
// schedules (territory-faults.ts) and the scale run (territory-scale.test.ts) check the sheet with it.
import type { PersonAtWork } from "./person-acts";
import { readService, serviceResults, type ServiceBusiness, type SheetRow, type World } from "../../dev/world";

const LABELS_BETWEEN = "; ";

/** The account's searches, oldest first (the service lists them newest first). */
export async function accountSearches(world: World, apiKey: string): Promise<Array<{ id: string; name: string }>> {
  const res = await readService(`${world.url}/api/v1/searches?page_size=100`, apiKey);
  return (res.body as { items: Array<{ id: string; name: string }> }).items.reverse();
}

/**
 * A business's finds: the first and latest runs that found it, that latest run's searches that returned it (in order) and their ids for it.
 */
export interface Finds {
  first: number;
  last: number;
  labels: string[];
  ids: Set<string>;
}

/**
 * What the service says runs 0..`run` of the territory found, checking on the way that each of its
 * searches (`labels`, in the territory's order) was created once per run, and nothing else.
 * `cache` keeps each job's results between calls.
 */
export async function serviceFinds(
  world: World,
  apiKey: string,
  labels: readonly string[],
  run: number,
  cache = new Map<string, ServiceBusiness[]>(),
): Promise<Map<string, Finds>> {
  const searches = await accountSearches(world, apiKey);
  const byLabel = new Map<string, string[]>();
  for (const search of searches) byLabel.set(search.name, [...(byLabel.get(search.name) ?? []), search.id]);
  expect(labels.map((label) => [label, byLabel.get(label)?.length ?? 0])).toEqual(labels.map((label) => [label, run + 1]));
  expect(searches).toHaveLength(labels.length * (run + 1));
  const finds = new Map<string, Finds>();
  for (let r = 0; r <= run; r += 1) {
    for (const label of labels) {
      const jobId = byLabel.get(label)?.[r] ?? "";
      const businesses = cache.get(jobId) ?? (await serviceResults(world, apiKey, jobId));
      cache.set(jobId, businesses);
      for (const business of businesses) {
        const url = String(business.maps_url);
        const known = finds.get(url);
        const found: Finds =
          known === undefined || known.last < r ? { first: known?.first ?? r, last: r, labels: [], ids: new Set() } : known;
        if (!found.labels.includes(label)) found.labels.push(label);
        found.ids.add(business.id);
        finds.set(url, found);
      }
    }
  }
  return finds;
}

/** What a run says it did to a business's row, from its finds: "" on the first run, else New, Updated or No longer found. */
export function latestRefreshOf(found: Finds | undefined, run: number): string {
  if (run === 0) return "";
  if (found === undefined || found.last < run) return "No longer found";
  return found.first === run ? "New" : "Updated";
}

/**
 * The sheet's business rows against the finds after run `run`: each business on exactly one row,
 * and its row's `Found by`, `Business ID`, `Territory run` and `Latest refresh` as the finds say.
 * Returns the checks as [what, found, expected] (mismatches.ts keeps those that differ).
 */
/** A `Found by` cell as checked: what a person typed there (person-acts.ts) stands for the add-on's word until the next run. */
const seenFoundBy = (person: Pick<PersonAtWork, "seen"> | undefined, url: string, actual: unknown, expected: unknown): unknown =>
  person === undefined ? actual : person.seen(url, "Found by", actual, expected);

export function sheetChecks(
  businessRows: readonly SheetRow[],
  finds: Map<string, Finds>,
  run: number,
  person?: Pick<PersonAtWork, "seen">,
): Array<[string, unknown, unknown]> {
  const urls = businessRows.map((row) => String(row["Maps URL"]));
  const onRows = new Set(urls);
  const once: Array<[string, unknown, unknown]> = [
    ["rows that repeat a business", urls.length - onRows.size, 0],
    ["businesses found and not on a row", [...finds.keys()].filter((url) => !onRows.has(url)).length, 0],
    ["rows of a business nobody found", urls.filter((url) => !finds.has(url)).length, 0],
  ];
  return [
    ...once,
    ...businessRows.flatMap((row): Array<[string, unknown, unknown]> => {
      const url = String(row["Maps URL"]);
      const found = finds.get(url);
      return [
        [
          `${url} Found by`,
          seenFoundBy(person, url, row["Found by"], found?.labels.join(LABELS_BETWEEN)),
          found?.labels.join(LABELS_BETWEEN),
        ],
        [`${url} Business ID is one of its finders'`, found?.ids.has(String(row["Business ID"])), true],
        [`${url} Territory run`, String(row["Territory run"]), String(found?.last)],
        [`${url} Latest refresh`, String(row["Latest refresh"]).split(" · ")[0], latestRefreshOf(found, run)],
      ];
    }),
  ];
}
