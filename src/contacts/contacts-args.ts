// This file defines the arguments of the Contacts sheet's commands, with the sentence each mistake gets: a build, a file to download,
// the consent countries and an address to forget. src/ui/entry-args.ts gathers them.
import * as z from "zod/mini";
import { flag, idText, orEmpty } from "../args/arg-parts";
import { ADDRESS_TYPES } from "./address-type";
import { EXPORT_FORMATS } from "./export-formats";
import { EXPORT_INCLUDES, type ExportChoice } from "./contacts-csv";

/** The sentence for a value that is none of `ids`: `start`, then the ids quoted. */
const noneOf = (start: string, ids: readonly string[]) => (issue: { input: unknown }) =>
  `${start} ${ids.map((id) => `"${id}"`).join(", ")}; "${String(issue.input)}" is none of them.`;

/** An argument that may be left out or null. */
const maybe = <S extends z.ZodMiniType>(schema: S) => z.optional(z.nullable(schema));

/** The Contacts commands' arguments, by the name of the global function that takes each. */
export const CONTACTS_ARGS = {
  /** The menu calls it with nothing (a toast says the counts); the sidebar with {}. */
  buildContacts: z.lazy(() => orEmpty(z.object({}))),
  contactsCsv: z.lazy(() =>
    z.pipe(
      z.object(
        {
          format: z.enum(EXPORT_FORMATS, { error: noneOf("Choose a file for", EXPORT_FORMATS) }),
          include: maybe(
            z.enum(EXPORT_INCLUDES, {
              error: (issue) => `Export "ready" contacts, those "new" to the tool, or "all"; "${String(issue.input)}" is none of them.`,
            }),
          ),
          types: maybe(
            z.array(z.enum(ADDRESS_TYPES, { error: noneOf("An address type is", ADDRESS_TYPES) }), {
              error: 'Address types are a list, such as ["Named"].',
            }),
          ),
          sheets: maybe(
            z.array(z.string({ error: "Sheets are named by text." }), { error: 'Sheets are a list of names, such as ["Dentists"].' }),
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
          z.string({ error: 'Each country is a two-letter code, such as "DE".' }).check(
            z.overwrite((code) => code.trim().toUpperCase()),
            z.regex(/^[A-Z]{2}$/, {
              error: (issue) => `A country is a two-letter code, such as DE or AT; "${String(issue.input)}" is not.`,
            }),
          ),
          { error: 'The countries are a list of two-letter codes, such as ["DE", "AT"] (or [] for none).' },
        ),
      }),
    ),
  ),
  forgetContact: z.lazy(() => orEmpty(z.object({ email: idText("Enter the address to forget.") }))),
} satisfies { contactsCsv: z.ZodMiniType<ExportChoice>; [name: string]: z.ZodMiniType };
