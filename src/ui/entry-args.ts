// This file gathers the arguments of every global function that takes one: each feature's own (search/search-args.ts,
// enrich/run/enrich-args.ts, contacts/contacts-args.ts) and the sidebar's settings, location search, job sheet and self-check here.
// The server parses with them (ui/command.ts) and the sidebar's typed client takes its types from them, so a shape is written once.
import * as z from "zod/mini";
import { InvalidInputError } from "../errors/user-error";
import { isPollInterval, POLL_INTERVAL_RULE, type PollInterval } from "../gas/settings";
import { jobIdArg, mayBeLeftOut, orElse, orEmpty } from "../args/arg-parts";
import { SEARCH_ARGS } from "../search/search-args";
import { ENRICH_ARGS } from "../enrich/run/enrich-args";
import { CONTACTS_ARGS } from "../contacts/contacts-args";

/** Text, trimmed; what is not text reads as empty. */
const trimmedText = () =>
  z.pipe(
    orElse(z.string(), ""),
    z.transform((text: string) => text.trim()),
  );

const ENTRY_ARGS = {
  saveSettings: z.lazy(() =>
    orEmpty(
      z.object({
        // What is not text is left empty: the key field keeps the saved key, the address takes the build's default.
        apiKey: trimmedText(),
        baseUrl: z.pipe(
          trimmedText(),
          z.transform((url) => url.replace(/\/+$/, "").replace(/\/api\/v1$/i, "")),
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
        q: trimmedText(),
        country: mayBeLeftOut(
          z.pipe(
            orElse(z.optional(z.string()), undefined),
            z.transform((country) => country?.trim().toUpperCase() || undefined),
          ),
        ),
      }),
    ),
  ),
  showJobSheet: jobIdArg("Choose a job to open its sheet."),
  /** The menu calls it with nothing (the report shows in a dialog); the sidebar with {dialog: false}. */
  diagnose: z.lazy(() =>
    z.pipe(
      orElse(z.optional(z.object({ dialog: z.optional(z.boolean()) })), undefined),
      z.transform((args) => ({ dialog: args?.dialog !== false })),
    ),
  ),
  ...SEARCH_ARGS,
  ...ENRICH_ARGS,
  ...CONTACTS_ARGS,
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
