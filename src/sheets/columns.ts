// This file defines the ONE table of the columns the add-on writes: each header label, how a Business fills it, and its flags
// (`technical`, `enrichment`, `email`). Results sheets and enrichment's write-back both take their columns from it, and email
// verification is summarised without ever calling an address verified on its listing alone.
import type { Business } from "../api/schemas";
import type { ColumnValue } from "./cell-text";
import { isDeliverableResult } from "../rules/email-check";

export interface ColumnSpec {
  header: string;
  /** Pixels; a hint for the first layout, users resize freely. */
  width: number;
  value(business: Business): ColumnValue;
  /** A column a program reads (ids, status codes, positions): grouped after the others, narrow and grey. */
  technical?: boolean;
  /** Its place (1 first) in the block of columns enrichment adds to the right of the user's rows; absent: not part of it. */
  enrichment?: number;
  /** Written by enrichment only, never a results sheet's column. */
  enrichmentOnly?: boolean;
  /** An email column: the addresses and what is known of their verification, which go (and stay) together. */
  email?: boolean;
  /** Its header is a name (a site's), written as it is inside a sentence. */
  brand?: boolean;
  /** A column of a territory's sheet only (many searches in one sheet). */
  territory?: boolean;
  /** Filled by the add-on itself (dates, marks, a territory's), not from the service: a merge never keeps it from before. */
  addOn?: boolean;
}

const join = (list: readonly string[] | null | undefined): string => (list ?? []).join(", ");
const text = (value: string | null | undefined): string => value ?? "";
const number = (value: number | null | undefined): number | null => (typeof value === "number" ? value : null);

/** The addresses of the `Emails` column (the business's own `emails`), once each. */
const listedEmails = (business: Business): string[] => [...new Set(business.emails ?? [])];

/**
 * A short, honest summary for the `Email status` column. It counts the addresses of the `Emails`
 * cell beside it, never more (owner and decision-maker addresses have columns of their own), so
 * "1 of 2 verified" sits next to exactly two addresses.
 */
export function emailStatusSummary(business: Business): string {
  const addresses = listedEmails(business);
  const status = business.email_verification_status ?? "";
  if (addresses.length === 0) return status === "" ? "" : `No emails (${status})`;
  if (status === "processing") return "Verification in progress";
  if (status !== "completed") return status === "" ? "Not verified" : `Not verified (${status})`;
  return `${verifiedListedEmails(business).length} of ${addresses.length} verified`;
}

/** The `Emails` cell's addresses that the service finished checking and found deliverable (docs/service-api.md, "Email verification"). */
export function verifiedListedEmails(business: Business): string[] {
  if (business.email_verification_status !== "completed") return [];
  const entries = business.email_verifications ?? {};
  // One rule with the Contacts sheet's `Ready to send` (rules/email-check.ts).
  return listedEmails(business).filter((address) => isDeliverableResult(entries[address]?.result));
}

/** Each address with what its verification entry says, e.g. `a@b.com: valid, high, smtp`. */
export function emailVerificationDetails(business: Business): string {
  return Object.entries(business.email_verifications ?? {})
    .map(([address, entry]) => {
      const parts = [entry?.result, entry?.quality, entry?.source].filter((p): p is string => typeof p === "string" && p !== "");
      return `${address}: ${parts.join(", ") || "no result"}`;
    })
    .join("; ");
}

function mapEntries(map: Record<string, string> | null | undefined): string {
  return Object.entries(map ?? {})
    .map(([key, value]) => `${key}: ${value ?? ""}`)
    .join("; ");
}

const keyContacts = (business: Business): string => (business.key_contacts?.length ? JSON.stringify(business.key_contacts) : "");

/** The headers docs/add-on-surface.md requires ("Sheets the add-on writes"); the layout around them is ours. */
export const REQUIRED_HEADERS = ["Business ID", "Name", "Category", "Address", "Phone", "Website", "Emails", "Email status"];

export const ID_HEADER = "Business ID";
export const EMAILS_HEADER = "Emails";
/** Enrichment's status of a row (the service's `enrichment_status`, or the add-on's own words): it opens enrichment's block. */
export const STATUS_HEADER = "Enrichment status";
/** What a row's result was enriched for: a later run compares it with the row's name and website. */
export const ENRICHED_FOR_HEADER = "Enriched for";
/**
 * A list row's place in its enrichment run, as a code (src/enrich/list/row-status.ts): what the add-on
 * decides by, so a person who retypes or translates the words of `Enrichment status` changes nothing of it.
 */
export const ROW_STATE_HEADER = "Row state";
/** The code of a row whose business's results were written: its contacts found, or results still to come. */
const resultCode = (business: Business): string => (business.enrichment_status === "completed" ? "done" : "sent");
export const NAME_HEADER = "Name";
export const FIRST_SEEN_HEADER = "First seen";
export const LATEST_REFRESH_HEADER = "Latest refresh";
/** A territory's: each of its searches that returned the business, as "<query> · <location label>", "; " between. */
export const FOUND_BY_HEADER = "Found by";
/** A territory's: the first row's business name where a row shares its website's domain or an email address with a row above. */
export const SAME_CONTACT_HEADER = "Same contact as";
/** A results row's run code (run-code.ts): what the merges decide by, whatever a person types over `Latest refresh` or `Found by`. */
export const RUN_CODE_HEADER = "Run code";

/** What a row's `Latest refresh` says after a scheduled run merged into the sheet. */
export const LATEST_REFRESH = { new: "New", updated: "Updated", notFound: "No longer found" } as const;

/** Kept columns named in `Latest refresh` at most; the rest are counted. */
const KEPT_NAMED = 3;

/**
 * `Latest refresh` of an updated row: how its contact data changed, then what it kept of what
 * the run returned empty: "Updated · 1 email fewer, verification now unknown · kept earlier
 * Yelp", "Updated · kept earlier emails, owner names, phone and 2 more". `emails`: the email
 * columns were kept together; `others`: the headers of the other columns kept; `changes`: the
 * contact columns' changes (contact-changes.ts).
 */
export function updatedKeeping(emails: boolean, others: readonly string[], changes: readonly string[] = []): string {
  const brand = (header: string): boolean => TERRITORY_COLUMNS.some((column) => column.brand && column.header === header);
  const names = [...(emails ? ["emails"] : []), ...others.map((header) => (brand(header) ? header : header.toLowerCase()))];
  const changed = changes.length > 0 ? [changes.join(", ")] : [];
  if (names.length === 0) return [LATEST_REFRESH.updated, ...changed].join(" · ");
  const shown = names.length > KEPT_NAMED + 1 ? [...names.slice(0, KEPT_NAMED), `${names.length - KEPT_NAMED} more`] : names;
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1] ?? ""}` : shown.join("");
  return [LATEST_REFRESH.updated, ...changed, `kept earlier ${list}`].join(" · ");
}

/**
 * When the add-on saw each business: the date its row was first written, the date of the latest
 * search or run that returned it, and what the latest refresh did to it ("" before any refresh).
 */
export interface Sightings {
  firstSeen(business: Business): string;
  lastSeen(business: Business): string;
  latestRefresh(business: Business): string;
  /** The row's run code (run-code.ts); absent: a search's own writes, before any refresh (empty). */
  runCode?(business: Business): string;
  /** A territory's columns (absent elsewhere: never read). */
  foundBy?(business: Business): string;
  sameContact?(business: Business): string;
  territoryRun?(business: Business): number;
}

/** A search's own writes: every business seen on the search's day, no refresh yet. */
export function seenOn(day: string): Sightings {
  return { firstSeen: () => day, lastSeen: () => day, latestRefresh: () => "" };
}

/** The text of `Enriched for`: the name and the website a row was sent as (or the service enriched). */
export const enrichedForText = (name: string | null | undefined, website: string | null | undefined): string =>
  `${name ?? ""} | ${website ?? ""}`;

/**
 * The `Owner names` cell: the service's `owner_names`, else its single `owner_name` (the spec's
 * "a single owner name", one of the same names), so one column says who owns the business.
 */
function ownerNames(business: Business): string {
  return join(business.owner_names?.length ? business.owner_names : business.owner_name ? [business.owner_name] : []);
}

/** One row of the table: a column's header, width and value, with its flags. */
function columnOf(header: string, width: number, value: ColumnSpec["value"], flags?: Partial<ColumnSpec>): ColumnSpec {
  return { header, width, value, ...flags };
}

/** Columns a program reads (ids, status codes, positions): grouped after the others, narrow and grey. */
const technical = (columns: ColumnSpec[]): ColumnSpec[] => columns.map((spec) => ({ ...spec, technical: true }));

/**
 * Every column the add-on writes, in the order a new results sheet gets them. First what a sales
 * person reads: the name, the ways to reach the business and its people, where it is, what it is,
 * when the add-on saw it. Then, `technical`, the columns a program reads (ids, the service's
 * status codes, positions, raw verification details): narrow and grey, after all the others.
 * Every reader and writer finds columns by header, so sheets laid out earlier keep working.
 */
function allColumns(seen: Sightings): ColumnSpec[] {
  return [
    columnOf(NAME_HEADER, 240, (b) => b.title),
    columnOf("Phone", 130, (b) => text(b.phone), { enrichment: 10 }),
    columnOf("Website", 200, (b) => text(b.website)),
    columnOf(EMAILS_HEADER, 220, (b) => join(b.emails), { enrichment: 2, email: true }),
    columnOf("Address", 260, (b) => text(b.address)),
    columnOf("Category", 150, (b) => text(b.category)),
    columnOf("Email status", 130, emailStatusSummary, { enrichment: 3, email: true }),
    columnOf("Verified emails", 220, (b) => verifiedListedEmails(b).join(", "), { enrichment: 4, email: true }),
    columnOf("Owner names", 180, ownerNames, { enrichment: 6 }),
    columnOf("Owner emails", 220, (b) => join(b.owner_emails), { enrichment: 7 }),
    columnOf("Decision maker names", 180, (b) => join(b.decision_maker_names), { enrichment: 8 }),
    columnOf("Decision maker emails", 220, (b) => join(b.decision_maker_emails), { enrichment: 9 }),
    columnOf("City", 120, (b) => text(b.city)),
    columnOf("Rating", 70, (b) => number(b.rating)),
    columnOf("Review count", 90, (b) => number(b.review_count)),
    columnOf("Additional phones", 160, (b) => join(b.additional_phones), { enrichment: 11 }),
    columnOf("Facebook", 180, (b) => join(b.socials?.facebooks), { brand: true, enrichment: 13 }),
    columnOf("Instagram", 180, (b) => join(b.socials?.instagrams), { brand: true, enrichment: 14 }),
    columnOf("LinkedIn", 180, (b) => join(b.socials?.linkedIns), { brand: true, enrichment: 15 }),
    columnOf("YouTube", 180, (b) => join(b.socials?.youtubes), { brand: true }),
    columnOf("Yelp", 180, (b) => join(b.socials?.yelps), { brand: true }),
    columnOf("Maps URL", 200, (b) => text(b.maps_url)),
    columnOf(FIRST_SEEN_HEADER, 90, (b) => seen.firstSeen(b), { addOn: true }),
    columnOf("Last seen", 90, (b) => seen.lastSeen(b), { addOn: true }),
    columnOf(LATEST_REFRESH_HEADER, 120, (b) => seen.latestRefresh(b), { addOn: true }),
    columnOf(FOUND_BY_HEADER, 260, (b) => seen.foundBy?.(b) ?? "", { territory: true, addOn: true }),
    columnOf(SAME_CONTACT_HEADER, 180, (b) => seen.sameContact?.(b) ?? "", { territory: true, addOn: true }),
    ...technical([
      columnOf(ID_HEADER, 80, (b) => b.id),
      columnOf("Business status", 90, (b) => text(b.business_status)),
      columnOf("Email verification status", 90, (b) => text(b.email_verification_status), { email: true }),
      columnOf("Email verifications", 120, emailVerificationDetails, { enrichment: 5, email: true }),
      columnOf(STATUS_HEADER, 90, (b) => text(b.enrichment_status), { enrichment: 1 }),
      columnOf("Owner enrichment status", 90, (b) => text(b.owner_enrichment_status), { enrichment: 16 }),
      columnOf("Categories", 120, (b) => join(b.categories)),
      columnOf("Country code", 60, (b) => text(b.country_code)),
      columnOf("Phone types", 90, (b) => mapEntries(b.phone_types), { enrichment: 12 }),
      columnOf("Key contacts", 90, keyContacts),
      columnOf("Position", 60, (b) => b.position),
      // A territory's: the number of the territory's run (0 the first, then each refresh) that last found the business.
      columnOf("Territory run", 60, (b) => seen.territoryRun?.(b) ?? null, { territory: true, addOn: true }),
      columnOf(RUN_CODE_HEADER, 80, (b) => seen.runCode?.(b) ?? "", { addOn: true }),
    ]),
    columnOf(ENRICHED_FOR_HEADER, 200, (b) => enrichedForText(b.title, b.website), { enrichment: 17, enrichmentOnly: true }),
    columnOf(ROW_STATE_HEADER, 70, resultCode, { enrichment: 18, enrichmentOnly: true }),
  ];
}

/** A results sheet's columns (searches, refreshes, imports; a territory's with its own), with the sightings the writer dates rows by. */
export function resultColumns(seen: Sightings, options: { territory?: boolean } = {}): ColumnSpec[] {
  return allColumns(seen).filter((column) => !column.enrichmentOnly && (options.territory === true || !column.territory));
}

/** The headers of `columns`, in order: what a sheet laid out with them must have. */
export const headersOf = (columns: readonly ColumnSpec[]): string[] => columns.map((column) => column.header);

/** The columns a new results sheet gets, in order (what they hold aside from the sightings). */
export const BUSINESS_COLUMNS: readonly ColumnSpec[] = resultColumns(seenOn(""));

/**
 * The columns a new territory's sheet gets, in order: a search's, `Found by`
 * and `Same contact as` after the reading ones, `Territory run` last.
 */
export const TERRITORY_COLUMNS: readonly ColumnSpec[] = resultColumns(seenOn(""), { territory: true });

/** The block enrichment writes to the right of the user's rows, in its order: `Enrichment status` first, `Enriched for` last. */
export const ENRICH_COLUMNS: readonly ColumnSpec[] = allColumns(seenOn(""))
  .filter((column) => column.enrichment !== undefined)
  .sort((a, b) => (a.enrichment ?? 0) - (b.enrichment ?? 0));

export const ENRICH_HEADERS: readonly string[] = ENRICH_COLUMNS.map((column) => column.header);
