// This file defines the listing's one config file (listing/listing.json, the only file of the
// kit a publisher edits): its shape, read with zod/mini, and what Google's limits make of it.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as z from "zod/mini";
import { TEXT_LIMITS } from "./google-rules";

const text = z.string().check(z.trim(), z.minLength(1));

const ListingSchema = z.object({
  /** The app's name: the listing's, the OAuth consent screen's, the menu's and the sidebar's. */
  name: text,
  shortDescription: text,
  /** Paragraphs, joined by a blank line into the listing's detailed description. */
  detailedDescription: z.array(text).check(z.minLength(1)),
  category: text,
  /** Who publishes the add-on: the "we" of the pages. */
  publisher: text,
  /** The https:// address the kit's site/ folder is hosted at, ending in "/", on a domain verified for the OAuth consent screen. */
  pagesUrl: z.string().check(z.regex(/^https:\/\/[^\s/?#]+\/([^\s?#]*\/)?$/, 'an https:// address ending in "/"')),
  supportEmail: z.string().check(z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "an e-mail address")),
  /** The lead service the add-on talks to, as the pages name it. */
  serviceName: text,
  /** The date the privacy policy and terms show as their last change (yyyy-mm-dd). */
  lastUpdated: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "a date, yyyy-mm-dd")),
});

export type ListingConfig = z.infer<typeof ListingSchema>;

export const LISTING_FILE = "listing/listing.json";

/** Reads and checks the config's shape; a wrong shape is an Error naming the field. */
export function readListingConfig(root: string): ListingConfig {
  const file = path.join(root, LISTING_FILE);
  const parsed = ListingSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) {
    const said = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`);
    throw new Error(`${LISTING_FILE} is not as the kit needs it:\n  ${said.join("\n  ")}`);
  }
  return parsed.data;
}

export function detailedDescription(config: ListingConfig): string {
  return config.detailedDescription.join("\n\n");
}

/** What Google's text limits make of the config: one sentence per problem, [] when it fits. */
export function textProblems(config: ListingConfig): string[] {
  const problems: string[] = [];
  if (config.name.length > TEXT_LIMITS.nameMax)
    problems.push(`name: ${config.name.length} characters; Google's limit is ${TEXT_LIMITS.nameMax}.`);
  if (TEXT_LIMITS.nameForbidden.test(config.name))
    problems.push(`name: "${config.name}" contains "Google", which Google does not allow in an app's name.`);
  if (config.shortDescription.length > TEXT_LIMITS.shortDescriptionMax) {
    problems.push(`shortDescription: ${config.shortDescription.length} characters; Google's limit is ${TEXT_LIMITS.shortDescriptionMax}.`);
  }
  const detailed = detailedDescription(config).length;
  if (detailed >= TEXT_LIMITS.detailedDescriptionBelow)
    problems.push(`detailedDescription: ${detailed} characters; Google asks for fewer than ${TEXT_LIMITS.detailedDescriptionBelow}.`);
  return problems;
}

/** Placeholders a real release must not ship: the example domain in the pages' address or the support e-mail. */
export function placeholderProblems(config: ListingConfig): string[] {
  const example = /(^|\.)example\.(com|org|net)$/i;
  const problems: string[] = [];
  const host = config.pagesUrl.replace(/^https:\/\//, "").split("/")[0] ?? "";
  if (example.test(host))
    problems.push(`pagesUrl is still the example address (${config.pagesUrl}): put where you host listing/out/site/.`);
  const domain = config.supportEmail.split("@")[1] ?? "";
  if (example.test(domain)) problems.push(`supportEmail is still the example address (${config.supportEmail}).`);
  if (/^Example\b/i.test(config.publisher)) problems.push(`publisher is still the example ("${config.publisher}").`);
  return problems;
}
