// This file defines the sidebar's search commands: findLocations (the catalog's autocomplete), startSearch (one search, or a territory),
// previewSearch (what a start reserves, nothing sent) and stopSearch (docs/add-on-surface.md, "Global functions").
import { FindLocationsParamsSchema, requestProblem } from "../api/request-schemas";
import type { Location } from "../api/schemas";
import { clientFor } from "../app/jobs-context";
import { readServiceSettings } from "../gas/settings";
import { toJobView, type JobView } from "./job-view";
import { startSearch as startSearchJob, type SearchArgs } from "../search/start-search";
import { previewSearch as previewSearches, startTerritory, type SearchPreview } from "../territory/start-territory";
import { stopTerritory } from "../territory/stop-territory";
import { pairCount } from "../territory/territory-plan";
import { asTerritoryInput, type StartArgs } from "../search/search-args";
import { listDocumentJobs } from "./job-list";
import { UserFacingError } from "../errors/user-error";
import { REQUEST_LIMITS } from "../rules/request-limits";
import { commandWith } from "./command";

/** At most this many matches: what the location box shows. */
const LOCATIONS_SHOWN = 8;

export const findLocations = commandWith("findLocations", {}, ({ q, country }, { deadline }): Location[] => {
  if (requestProblem(FindLocationsParamsSchema, { q }) !== null)
    throw new UserFacingError(`Type ${REQUEST_LIMITS.locationQueryMin} to ${REQUEST_LIMITS.locationQueryMax} characters of a city name.`);
  if (requestProblem(FindLocationsParamsSchema, { q, country }) !== null)
    throw new UserFacingError(`The country must be a two-letter code such as US; "${country ?? ""}" is not.`);
  return clientFor(readServiceSettings("user"), deadline).findLocations({ q, country }).slice(0, LOCATIONS_SHOWN);
});

// Under the document lock: a second click or another editor waits, then finds this job.
export const startSearch = commandWith("startSearch", { lock: true }, (args, call): JobView => {
  const context = call.jobs();
  const territory = asTerritoryInput(args);
  const started =
    pairCount(territory) === 1
      ? startSearchJob(context, oneSearch(args), call.deadline)
      : startTerritory(context, territory, call.deadline);
  const view = toJobView(started.record, context.keyDigest);
  if (started.alreadyRunning) return { ...view, alreadyRunning: true };
  return started.sameAsRecent ? { ...view, sameAsRecent: true } : view;
});

/** What a start would reserve and whether it would be refused, sending nothing that creates a job. */
export const previewSearch = commandWith(
  "previewSearch",
  {},
  (args, call): SearchPreview => previewSearches(call.jobs(), asTerritoryInput(args), call.deadline),
);

// Under the document lock: a pass starting the territory's next search waits, then finds it stopped.
export const stopSearch = commandWith("stopSearch", { lock: true }, ({ jobId }, call): JobView[] => {
  stopTerritory(call.jobs(), jobId);
  return listDocumentJobs();
});

/** The one search of a start with one query in one place (given as lists, or as always). */
function oneSearch(args: StartArgs): SearchArgs {
  if (!("queries" in args)) return args;
  const { queries, places, ...rest } = args;
  const place = places[0];
  return {
    ...rest,
    query: queries[0] ?? "",
    location: place?.label ?? "",
    ...(place?.countryCode === undefined ? {} : { countryCode: place.countryCode }),
  };
}
