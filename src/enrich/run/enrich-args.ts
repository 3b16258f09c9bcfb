// This file defines the arguments of an enrichment's commands, with the sentence each mistake gets: a start or its preview (where the
// rows are, and whether to pay again for rows enriched before), and a run's stop or continue. src/ui/entry-args.ts gathers them.
import * as z from "zod/mini";
import { flag, jobIdArg, optionalText } from "../../args/arg-parts";
import type { EnrichArgs } from "./start-enrichment";

/** A column by its header text or its number (1 = A). */
const column = (what: string) => z.union([z.number(), optionalText(what)], { error: `${what} must be text.` });

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

/** The enrichment commands' arguments, by the name of the global function that takes each. */
export const ENRICH_ARGS = {
  startEnrichment: EnrichArgsSchema,
  previewEnrichment: EnrichArgsSchema,
  stopEnrichment: jobIdArg("Choose the enrichment to stop."),
  continueEnrichment: jobIdArg("Choose the enrichment to continue."),
} satisfies { startEnrichment: z.ZodMiniType<EnrichArgs>; [name: string]: z.ZodMiniType };
