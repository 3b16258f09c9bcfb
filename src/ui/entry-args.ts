// This file defines the arguments of every global function that takes one, as zod/mini schemas with the sentence each mistake gets.
// The server parses with them (ui/command.ts) and the sidebar's typed client takes its types from them, so a shape is written once.
import * as z from "zod/mini";
import { SearchFields } from "../api/request-schemas";
import { isUuid } from "../rules/ids";
import { JOB_KINDS, kindNamed } from "../rules/job-kinds";
import { DEFAULT_LANGUAGE, DEFAULT_MAX_RESULTS, REQUEST_LIMITS, TERRITORY_LIMITS } from "../rules/request-limits";
import { InvalidInputError } from "../errors/user-error";
import { isPollInterval, POLL_INTERVAL_RULE, type PollInterval } from "../gas/settings";
import type { EnrichArgs } from "../enrich/run/start-enrichment";
import type { RecentJobsArgs } from "../search/recent-jobs";
import type { SetRefreshArgs } from "../search/set-refresh";
import type { TerritoryPlace } from "../jobs/job-record";
import type { SearchArgs } from "../search/start-search";
import type { TerritoryInput } from "../territory/territory-plan";
import { ADDRESS_TYPES } from "../contacts/address-type";
import { EXPORT_FORMATS } from "../contacts/export-formats";
import { EXPORT_INCLUDES, type ExportChoice } from "../contacts/contacts-csv";

/** A sidebar argument left out: absent, null or the empty string (a cleared field). */
const isNotGiven = (value: unknown): boolean => value === undefined || value === null || value === "";
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
/** How many items a list given as an argument has (0 for what is no list). */
const lengthOf = (input: unknown): number => (Array.isArray(input) ? input.length : 0);
/** What text longer than `max` is told. */
const tooLong = (what: string, max: number) => (text: string) => `${what} is ${text.length} characters; at most ${max} are allowed.`;

/**
 * `schema`, where anything but an object (nothing at all, from a call without arguments) reads as
 * an empty object; the caller's type stays the object's.
 */
const orEmpty = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(
    z.transform((raw: z.input<S> | undefined): unknown => (isRecord(raw) ? raw : {})),
    schema,
  );

/**
 * `schema`'s value, or `value` when the input does not pass it; the caller's type stays the
 * schema's. (zod's own catch() would bring all of zod's utilities into the bundle.)
 */
const orElse = <S extends z.ZodMiniType>(schema: S, value: z.output<S>) =>
  z.transform((raw: z.input<S>): z.output<S> => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : value;
  });

/**
 * `schema`, with its key optional in the caller's type: a left-out key is read as undefined by
 * `schema` (zod's prefault does the same for about 700 bytes more of the bundle).
 */
const mayBeLeftOut = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(
    z.optional(z.unknown() as z.ZodMiniType<z.input<S>, z.input<S>>),
    schema as unknown as z.ZodMiniType<z.output<S>, z.input<S> | undefined>,
  );

/** Text that may be left out: absent, null or blank is "not given" (undefined); otherwise trimmed. */
const optionalText = (what: string) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: `${what} must be text.` }))),
    z.transform((value) => (value ?? "").trim() || undefined),
  );

/** Text that must be given: `missing` when absent or blank. */
const requiredText = (what: string, missing: string) => z.pipe(optionalText(what), z.string({ error: missing }));

/** `text` that also passes the request schema's `field`, else `problem`. */
const meets = <S extends z.ZodMiniType<string | undefined>>(text: S, field: z.ZodMiniType<string>, problem: (value: string) => string): S =>
  text.check(
    z.refine((value) => value === undefined || field.safeParse(value).success, { error: (issue) => problem(String(issue.input)) }),
  );

/** An id that must be given; what is not text counts as not given. */
const idText = (missing: string) => z.pipe(orElse(z.string(), ""), z.string().check(z.trim(), z.minLength(1, { error: missing })));

/** true only for true: anything else given is off; absent is `absent`. */
const flag = (absent: boolean) =>
  mayBeLeftOut(
    z.pipe(
      orElse(z.optional(z.nullable(z.boolean())), false),
      z.transform((value) => value ?? absent),
    ),
  );

/** An option that only `true` turns on: anything else given, or nothing, leaves it out (undefined). */
const onlyTrue = () =>
  mayBeLeftOut(
    z.pipe(
      orElse(z.optional(z.nullable(z.boolean())), undefined),
      z.transform((on): true | undefined => (on === true ? true : undefined)),
    ),
  );

/** A whole number from `min` to `max`, given as a number or its digits; blank is `absent`. */
const wholeNumber = (absent: number, min: number, max: number, problem: string) =>
  z.pipe(
    z.pipe(
      z.optional(z.nullable(z.union([z.number(), z.string()], { error: problem }))),
      z.transform((value) => (isNotGiven(value) ? absent : Number(value))),
    ),
    z.int({ error: problem }).check(z.gte(min, { error: problem }), z.lte(max, { error: problem })),
  );

/** A column by its header text or its number (1 = A). */
const column = (what: string) => z.union([z.number(), optionalText(what)], { error: `${what} must be text.` });

const { queryMax, locationLabelMax, nameMax, minResults, maxResults } = REQUEST_LIMITS;

/** A country code, upper-cased: a search's and a place's. */
const countryCode = () =>
  meets(
    z.pipe(
      optionalText("The country code"),
      z.transform((code) => code?.toUpperCase()),
    ),
    SearchFields.countryCode,
    (code) => `The country code must be two letters (e.g. US); "${code}" is not.`,
  );

/** What a start without a search phrase is told. */
const ENTER_QUERY = 'Enter what to search for, e.g. "dentists".';

// Schemas are built on first use (z.lazy): see api/schemas.ts.
/** One search's fields, which a territory's start takes too. */
const searchArgsShape = () => ({
  query: meets(requiredText("The search phrase", ENTER_QUERY), SearchFields.query, tooLong("The search phrase", queryMax)),
  // Only the label's form: the catalog is the service's to judge (its 422 says so).
  location: meets(
    requiredText("The location", "Pick a location from the list."),
    SearchFields.location,
    tooLong("The location", locationLabelMax),
  ),
  countryCode: countryCode(),
  maxResults: wholeNumber(minResults, minResults, maxResults, `Max results must be a whole number from ${minResults} to ${maxResults}.`),
  language: meets(
    z.pipe(
      optionalText("The language"),
      z.transform((language) => language ?? DEFAULT_LANGUAGE),
    ),
    SearchFields.language,
    (language) => `The language must be a code like "en" or "pt-BR"; "${language}" is not.`,
  ),
  enrichContacts: flag(true),
  name: meets(optionalText("The name"), SearchFields.name, tooLong("The name", nameMax)),
  // Only true asks (the sidebar's first click); anything else, or nothing, starts as documented.
  askIfRecent: onlyTrue(),
});
const SearchArgsSchema = z.lazy(() => z.object(searchArgsShape(), { error: "Enter what to search for and where." }));

/** A territory's start: the searches of every query in every place. */
export type TerritoryArgs = TerritoryInput & { askIfRecent?: true | undefined };

/** What a start ends as: one search (its arguments as they always were), or a territory. */
export type StartArgs = SearchArgs | TerritoryArgs;

const { queriesMax, placesMax } = TERRITORY_LIMITS;

const queryText = () => meets(requiredText("The search phrase", ENTER_QUERY), SearchFields.query, tooLong("A search phrase", queryMax));
const placeLabel = () =>
  meets(requiredText("The location", "Pick each location from the list."), SearchFields.location, tooLong("A location", locationLabelMax));
const placeSchema = z.lazy(() =>
  z.union(
    [
      z.pipe(
        placeLabel(),
        z.transform((label): TerritoryPlace => ({ label })),
      ),
      z.object({ label: placeLabel(), countryCode: countryCode() }),
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
        query: z.optional(queryText()),
        location: z.optional(placeLabel()),
        queries: z.optional(
          z.array(queryText(), { error: `Queries are a list of 1 to ${queriesMax} search phrases.` }).check(
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

const EnrichArgsSchema = z.lazy(() =>
  z.pipe(
    z.optional(
      z.nullable(
        z.object(
          {
            sheetName: optionalText("The sheet name"),
            rangeA1: optionalText("The range"),
            nameColumn: z.optional(column("The name column")),
            websiteColumn: z.optional(column("The website column")),
            force: flag(false),
          },
          { error: "Enrichment takes its options as one object, e.g. {sheetName, rangeA1}." },
        ),
      ),
    ),
    z.transform((args): EnrichArgs => {
      const { force = false, ...area } = args ?? {};
      // Only what was given: an option not given is absent, as if never sent.
      const given: Omit<EnrichArgs, "force"> = {};
      for (const [key, value] of Object.entries(area) as Array<[keyof typeof area, string | number | undefined]>)
        if (value !== undefined) given[key] = value as never;
      return { ...given, force };
    }),
  ),
);

/** An argument that is one job's id, which must be given. */
const jobIdArg = (missing: string) => z.lazy(() => orEmpty(z.object({ jobId: idText(missing) })));

const RECENT_MAX_PAGE = 50;

const ENTRY_ARGS = {
  saveSettings: z.lazy(() =>
    orEmpty(
      z.object({
        // What is not text is left empty: the key field keeps the saved key, the address takes the build's default.
        apiKey: z.pipe(
          orElse(z.string(), ""),
          z.transform((key) => key.trim()),
        ),
        baseUrl: z.pipe(
          orElse(z.string(), ""),
          z.transform((url) =>
            url
              .trim()
              .replace(/\/+$/, "")
              .replace(/\/api\/v1$/i, ""),
          ),
        ),
        shareWithFormulas: z.pipe(
          z.optional(z.nullable(z.boolean({ error: "Sharing the key with formulas must be on or off (true or false)." }))),
          z.transform((share) => share ?? undefined),
        ),
        pollEveryMinutes: z.pipe(
          z.optional(z.nullable(z.union([z.number(), z.string()]))).check(
            z.refine((value) => value === undefined || value === null || isPollInterval(Number(value)), {
              error: (issue) => `${POLL_INTERVAL_RULE}; ${String(issue.input)} is not one of them.`,
            }),
          ),
          z.transform((value): PollInterval | undefined => {
            const minutes = Number(value);
            return value === undefined || value === null || !isPollInterval(minutes) ? undefined : minutes;
          }),
        ),
      }),
    ),
  ),
  findLocations: z.lazy(() =>
    orEmpty(
      z.object({
        q: z.pipe(
          orElse(z.string(), ""),
          z.transform((q) => q.trim()),
        ),
        country: mayBeLeftOut(
          z.pipe(
            orElse(z.optional(z.string()), undefined),
            z.transform((country) => country?.trim().toUpperCase() || undefined),
          ),
        ),
      }),
    ),
  ),
  startSearch: StartArgsSchema,
  previewSearch: StartArgsSchema,
  startEnrichment: EnrichArgsSchema,
  previewEnrichment: EnrichArgsSchema,
  showJobSheet: jobIdArg("Choose a job to open its sheet."),
  stopEnrichment: jobIdArg("Choose the enrichment to stop."),
  continueEnrichment: jobIdArg("Choose the enrichment to continue."),
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
          kind: z.pipe(
            z.optional(
              z.nullable(
                z.enum([...JOB_KINDS, ""], {
                  error: (issue) =>
                    `The kind of job must be ${JOB_KINDS.map((known) => `"${known}"`).join(" or ")}; "${String(issue.input)}" is neither.`,
                }),
              ),
            ),
            z.transform((kind) => kindNamed(kind)),
          ),
          page: wholeNumber(1, 1, RECENT_MAX_PAGE, `The page must be a whole number from 1 to ${RECENT_MAX_PAGE}.`),
        }),
      ),
      z.transform((args): RecentJobsArgs => ({ kinds: args.kind ? [args.kind] : [...JOB_KINDS], page: args.page })),
    ),
  ),
  /** The menu calls it with nothing (a toast says the counts); the sidebar with {}. */
  buildContacts: z.lazy(() => orEmpty(z.object({}))),
  contactsCsv: z.lazy(() =>
    z.pipe(
      z.object(
        {
          format: z.enum(EXPORT_FORMATS, {
            error: (issue) =>
              `Choose a file for ${EXPORT_FORMATS.map((id) => `"${id}"`).join(", ")}; "${String(issue.input)}" is none of them.`,
          }),
          include: z.optional(
            z.nullable(
              z.enum(EXPORT_INCLUDES, {
                error: (issue) => `Export "ready" contacts, those "new" to the tool, or "all"; "${String(issue.input)}" is none of them.`,
              }),
            ),
          ),
          types: z.optional(
            z.nullable(
              z.array(
                z.enum(ADDRESS_TYPES, {
                  error: (issue) =>
                    `An address type is ${ADDRESS_TYPES.map((id) => `"${id}"`).join(", ")}; "${String(issue.input)}" is none of them.`,
                }),
                { error: 'Address types are a list, such as ["Named"].' },
              ),
            ),
          ),
          sheets: z.optional(
            z.nullable(
              z.array(z.string({ error: "Sheets are named by text." }), { error: 'Sheets are a list of names, such as ["Dentists"].' }),
            ),
          ),
          guard: flag(true),
        },
        { error: "Choose which file to download: HubSpot, Salesforce, Pipedrive or a mail merge." },
      ),
      z.transform(
        (args): ExportChoice => ({
          format: args.format,
          include: args.include ?? "ready",
          // An empty list would choose nothing: it reads as every type, every sheet.
          types: args.types && args.types.length > 0 ? args.types : null,
          sheets: args.sheets && args.sheets.length > 0 ? args.sheets.map((name) => name.trim()) : null,
          guard: args.guard,
        }),
      ),
    ),
  ),
  setConsentCountries: z.lazy(() =>
    orEmpty(
      z.object({
        countries: z.array(
          z
            .pipe(
              z.string({ error: 'Each country is a two-letter code, such as "DE".' }),
              z.transform((code) => code.trim().toUpperCase()),
            )
            .check(
              z.refine((code) => /^[A-Z]{2}$/.test(code), {
                error: (issue) => `A country is a two-letter code, such as DE or AT; "${String(issue.input)}" is not.`,
              }),
            ),
          { error: 'The countries are a list of two-letter codes, such as ["DE", "AT"] (or [] for none).' },
        ),
      }),
    ),
  ),
  forgetContact: z.lazy(() => orEmpty(z.object({ email: idText("Enter the address to forget.") }))),
  /** The menu calls it with nothing (the report shows in a dialog); the sidebar with {dialog: false}. */
  diagnose: z.lazy(() =>
    z.pipe(
      orElse(z.optional(z.object({ dialog: z.optional(z.boolean()) })), undefined),
      z.transform((args) => ({ dialog: args?.dialog !== false })),
    ),
  ),
} satisfies {
  // The layers below take these results as they are: a change of shape here is a type error there.
  startSearch: z.ZodMiniType<StartArgs>;
  startEnrichment: z.ZodMiniType<EnrichArgs>;
  setRefresh: z.ZodMiniType<SetRefreshArgs>;
  recentJobs: z.ZodMiniType<RecentJobsArgs>;
  [name: string]: z.ZodMiniType;
};

type EntryArgs = typeof ENTRY_ARGS;
export type EntryArgName = keyof EntryArgs;
/** What the caller sends to `name`. */
export type ArgsIn<K extends EntryArgName> = z.input<EntryArgs[K]>;
/** What the server function works with once `name`'s argument is checked. */
export type ArgsOut<K extends EntryArgName> = z.output<EntryArgs[K]>;

/** `raw` checked as `name`'s argument; a mistake is thrown as the sentence its schema gives it. */
export function parseArgs<K extends EntryArgName>(name: K, raw: unknown): ArgsOut<K> {
  const result = ENTRY_ARGS[name].safeParse(raw);
  if (result.success) return result.data as ArgsOut<K>;
  throw new InvalidInputError(result.error.issues[0]?.message ?? "These options cannot be used.");
}
