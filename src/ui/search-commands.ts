// This file defines the sidebar's commands for a search: findLocations (the catalog's autocomplete)
// and startSearch (docs/add-on-surface.md, "Global functions").
import { FindLocationsParamsSchema, requestProblem } from "../api/request-schemas";
import type { Location } from "../api/schemas";
import { clientFor } from "../app/jobs-context";
import { readServiceSettings } from "../gas/settings";
import { toJobView, type JobView } from "../jobs/job-view";
import { startSearch as startSearchJob } from "../jobs/start-search";
import { UserFacingError } from "../errors/user-error";
import { REQUEST_LIMITS } from "../rules/request-limits";
import { commandWith } from "./command";

/** At most this many matches: what the location box shows. */
const LOCATIONS_SHOWN = 8;

export const findLocations = commandWith("findLocations", {}, ({ q, country }, { deadline }): Location[] => {
  if (requestProblem(FindLocationsParamsSchema, { q }) !== null) throw new UserFacingError(`Type ${REQUEST_LIMITS.locationQueryMin} to ${REQUEST_LIMITS.locationQueryMax} characters of a city name.`);
  if (requestProblem(FindLocationsParamsSchema, { q, country }) !== null) throw new UserFacingError(`The country must be a two-letter code such as US; "${country ?? ""}" is not.`);
  return clientFor(readServiceSettings("user"), deadline).findLocations({ q, country }).slice(0, LOCATIONS_SHOWN);
});

// Under the document lock: a second click or another editor waits, then finds this job.
export const startSearch = commandWith("startSearch", { lock: true }, (args, call): JobView => {
  const context = call.jobs();
  const started = startSearchJob(context, args, call.deadline);
  const view = toJobView(started.record, context.keyDigest);
  if (started.alreadyRunning) return { ...view, alreadyRunning: true };
  return started.sameAsRecent ? { ...view, sameAsRecent: true } : view;
});
