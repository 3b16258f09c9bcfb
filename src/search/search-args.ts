// This file defines the arguments of a search's commands, with the sentence each mistake gets: a start (one search, or a territory of
// many), an import, a refresh's schedule, the recent jobs' page and a territory's stop. src/ui/entry-args.ts gathers them.
import * as z from "zod/mini";
import { SearchFields } from "../api/request-schemas";
import { isUuid } from "../rules/ids";
import { JOB_KINDS, kindNamed } from "../rules/job-kinds";
import { DEFAULT_LANGUAGE, DEFAULT_MAX_RESULTS, REQUEST_LIMITS, TERRITORY_LIMITS } from "../rules/request-limits";
import type { TerritoryPlace } from "../jobs/job-record";
import type { TerritoryArgs } from "../territory/territory-plan";
import {
  flag,
  idText,
  isRecord,
  jobIdArg,
  lengthOf,
  meets,
  onlyTrue,
  optionalText,
  orEmpty,
  requiredText,
  tooLong,
  wholeNumber,
} from "../args/arg-parts";
import type { RecentJobsArgs } from "./recent-jobs";
import type { SetRefreshArgs } from "./set-refresh";
import type { SearchArgs } from "./start-search";

const { queryMax, locationLabelMax, nameMax, minResults, maxResults } = REQUEST_LIMITS;

/** Optional text (optionalText), then what `to` makes of it. */
const optionalAs = <T>(what: string, to: (text: string | undefined) => T) => z.pipe(optionalText(what), z.transform(to));

/** A country code, upper-cased: a search's and a place's. */
const countryCode = () =>
  meets(
    optionalAs("The country code", (code) => code?.toUpperCase()),
    SearchFields.countryCode,
    (code) => `The country code must be two letters (e.g. US); "${code}" is not.`,
  );

/** What a start without a search phrase is told. */
const ENTER_QUERY = 'Enter what to search for, e.g. "dentists".';

// Schemas are built on first use (z.lazy): see api/schemas.ts.
/** A search phrase: `what` says it in the sentence on length ("The search phrase", a territory's "A search phrase"). */
const queryText = (what: string) => meets(requiredText("The search phrase", ENTER_QUERY), SearchFields.query, tooLong(what, queryMax));
/** A location's label, only its form: the catalog is the service's to judge (its 422 says so). */
const placeLabel = (pick: string, what: string) =>
  meets(requiredText("The location", pick), SearchFields.location, tooLong(what, locationLabelMax));

/** One search's fields, which a territory's start takes too. */
const searchArgsShape = () => ({
  query: queryText("The search phrase"),
  location: placeLabel("Pick a location from the list.", "The location"),
  countryCode: countryCode(),
  maxResults: wholeNumber(minResults, minResults, maxResults, `Max results must be a whole number from ${minResults} to ${maxResults}.`),
  language: meets(
    optionalAs("The language", (language) => language ?? DEFAULT_LANGUAGE),
    SearchFields.language,
    (language) => `The language must be a code like "en" or "pt-BR"; "${language}" is not.`,
  ),
  enrichContacts: flag(true),
  name: meets(optionalText("The name"), SearchFields.name, tooLong("The name", nameMax)),
  // Only true asks (the sidebar's first click); anything else, or nothing, starts as documented.
  askIfRecent: onlyTrue(),
});
const SearchArgsSchema = z.lazy(() => z.object(searchArgsShape(), { error: "Enter what to search for and where." }));

/** What a start ends as: one search (its arguments as they always were), or a territory. */
export type StartArgs = SearchArgs | TerritoryArgs;

const { queriesMax, placesMax } = TERRITORY_LIMITS;

const territoryQuery = () => queryText("A search phrase");
const territoryPlace = () => placeLabel("Pick each location from the list.", "A location");
const placeSchema = z.lazy(() =>
  z.union(
    [
      z.pipe(
        territoryPlace(),
        z.transform((label): TerritoryPlace => ({ label })),
      ),
      z.object({ label: territoryPlace(), countryCode: countryCode() }),
    ],
    { error: "Each location is its label from the list (or {label, countryCode})." },
  ),
);
/** A place of a territory: its label, and its country code where one was given. */
const placeOf = (label: string, countryCode: string | undefined): TerritoryPlace => ({
  label,
  ...(countryCode === undefined ? {} : { countryCode }),
});

/** Each once, in the order given (the same query or place twice would be the same search, charged twice). */
const once = <T>(items: readonly T[], key: (item: T) => string): T[] =>
  items.filter((item, i) => items.findIndex((other) => key(other) === key(item)) === i);

/** A territory: `queries` for `query` and `locations` for `location` (and countryCode), each list within its limits. */
const TerritoryArgsSchema = z.lazy(() =>
  z
    .pipe(
      z.object({
        ...searchArgsShape(),
        query: z.optional(territoryQuery()),
        location: z.optional(territoryPlace()),
        queries: z.optional(
          z.array(territoryQuery(), { error: `Queries are a list of 1 to ${queriesMax} search phrases.` }).check(
            z.maxLength(queriesMax, {
              error: (issue) => `Search for at most ${queriesMax} queries at once; ${lengthOf(issue.input)} were given.`,
            }),
          ),
        ),
        locations: z.optional(
          z.array(placeSchema, { error: `Locations are a list of 1 to ${placesMax} places.` }).check(
            z.maxLength(placesMax, {
              error: (issue) => `Search at most ${placesMax} places at once; ${lengthOf(issue.input)} were given.`,
            }),
          ),
        ),
      }),
      z.transform(
        ({ query, location, queries, locations, countryCode: code, ...rest }): TerritoryArgs => ({
          ...rest,
          queries: once(queries ?? (query === undefined ? [] : [query]), (q) => q.toLowerCase()),
          places: once(locations ?? (location === undefined ? [] : [placeOf(location, code)]), (place) => place.label.toLowerCase()),
        }),
      ),
    )
    .check(
      z.refine((args) => args.queries.length > 0, { error: ENTER_QUERY }),
      z.refine((args) => args.places.length > 0, { error: "Pick a location from the list." }),
    ),
);

const hasLists = (raw: unknown): boolean => isRecord(raw) && (raw["queries"] !== undefined || raw["locations"] !== undefined);

/** startSearch's and previewSearch's argument: one search as always, or a territory when it has `queries` or `locations`. */
const StartArgsSchema = z.transform((raw: z.input<typeof SearchArgsSchema> | z.input<typeof TerritoryArgsSchema>, payload): StartArgs => {
  const result = hasLists(raw) ? TerritoryArgsSchema.safeParse(raw) : SearchArgsSchema.safeParse(raw);
  if (result.success) return result.data;
  payload.issues.push({ code: "custom", message: result.error.issues[0]?.message ?? "Enter what to search for and where.", input: raw });
  return { queries: [], places: [], maxResults: DEFAULT_MAX_RESULTS, language: DEFAULT_LANGUAGE, enrichContacts: true };
});

/** The start as a territory's input: one search is one query in one place. */
export function asTerritoryInput(args: StartArgs): TerritoryArgs {
  if ("queries" in args) return args;
  const { query, location, countryCode, ...rest } = args;
  return { ...rest, queries: [query], places: [placeOf(location, countryCode)] };
}

/** Far enough back for a person paging with "More"; beyond this the job ID box is the way. */
const RECENT_MAX_PAGE = 50;

/** The search commands' arguments, by the name of the global function that takes each. */
export const SEARCH_ARGS = {
  startSearch: StartArgsSchema,
  previewSearch: StartArgsSchema,
  stopSearch: jobIdArg("Choose the territory to stop."),
  importJob: z.lazy(() =>
    orEmpty(
      z.object({
        // The form the dashboard shows: a mistyped id never reaches the service.
        jobId: z.pipe(
          idText("Enter the job ID to open."),
          z.string().check(
            z.refine((id) => isUuid(id), {
              error: (issue) =>
                `"${String(issue.input).slice(0, 80)}" is not a job ID: a job ID looks like 3f2b9c1e-…-…, as the dashboard shows it.`,
            }),
          ),
        ),
      }),
    ),
  ),
  setRefresh: z.lazy(() =>
    orEmpty(
      z.object({
        jobId: idText("Choose the search to refresh."),
        every: z.enum(["day", "week", "off"], {
          error: (issue) => `A search can be refreshed every "day" or "week", or "off"; "${String(issue.input)}" is none of them.`,
        }),
        // Only true runs now; anything else, or nothing, only sets the schedule.
        runNow: onlyTrue(),
      }),
    ),
  ),
  recentJobs: z.lazy(() =>
    z.pipe(
      orEmpty(
        z.object({
          kind: z.optional(
            z.nullable(
              z.enum([...JOB_KINDS, ""], {
                error: (issue) =>
                  `The kind of job must be ${JOB_KINDS.map((known) => `"${known}"`).join(" or ")}; "${String(issue.input)}" is neither.`,
              }),
            ),
          ),
          page: wholeNumber(1, 1, RECENT_MAX_PAGE, `The page must be a whole number from 1 to ${RECENT_MAX_PAGE}.`),
        }),
      ),
      // One kind where it names one, else every kind.
      z.transform(({ kind, page }): RecentJobsArgs => {
        const named = kindNamed(kind);
        return { kinds: named ? [named] : [...JOB_KINDS], page };
      }),
    ),
  ),
} satisfies {
  // The code that runs them takes these results as they are: a change of shape here is a type error there.
  startSearch: z.ZodMiniType<StartArgs>;
  setRefresh: z.ZodMiniType<SetRefreshArgs>;
  recentJobs: z.ZodMiniType<RecentJobsArgs>;
  [name: string]: z.ZodMiniType;
};
