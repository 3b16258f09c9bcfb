// This file defines the arguments of the Contacts sheet's commands, with the sentence each mistake gets: a build, a file to download,
// the consent countries and an address to forget. src/ui/entry-args.ts gathers them.
import * as z from "zod/mini";
import { flag, idText, orEmpty } from "../args/arg-parts";
import { ADDRESS_TYPES } from "./address-type";
import { EXPORT_FORMATS } from "./export-formats";
import { EXPORT_INCLUDES, type ExportChoice } from "./contacts-csv";

/** The Contacts commands' arguments, by the name of the global function that takes each. */
export const CONTACTS_ARGS = {
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
} satisfies { contactsCsv: z.ZodMiniType<ExportChoice>; [name: string]: z.ZodMiniType };
