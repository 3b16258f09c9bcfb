// This file defines how a service object becomes cells: fields named as the service spells them (or by header label), lists joined with
// ", ", objects as readable text, absent values empty. Results keep their types, so "0042" or "=1+1" shows as that text.
import { UserFacingError } from "../errors/user-error";

export type CellValue = string | number | boolean;

/** The Business fields of the spec, in its order. */
export const BUSINESS_FIELDS = [
  "id",
  "search_id",
  "position",
  "rank",
  "title",
  "category",
  "categories",
  "address",
  "city",
  "country_code",
  "phone",
  "website",
  "rating",
  "review_count",
  "business_status",
  "maps_url",
  "owner_name",
  "owner_names",
  "decision_maker_names",
  "emails",
  "owner_emails",
  "decision_maker_emails",
  "email_verification_status",
  "email_verifications",
  "socials",
  "additional_phones",
  "phone_types",
  "enrichment_status",
  "owner_enrichment_status",
  "key_contacts",
] as const;

/** The Job fields of the spec, in its order. */
export const JOB_FIELDS = [
  "id",
  "name",
  "status",
  "actor_input",
  "source",
  "origin",
  "run_id",
  "error",
  "lead_count",
  "credits_charged",
  "enrich_contacts",
  "enriched_count",
  "delete_requested",
  "created_at",
  "finished_at",
] as const;

/** What LEADS_RESULTS shows when no fields are named: the results sheet's first columns. */
export const DEFAULT_RESULT_FIELDS = ["id", "title", "category", "address", "phone", "website", "emails", "email_verification_status"];

/** Header labels of the results sheet whose field has another name. */
const ALIASES: Record<string, string> = { business_id: "id", name: "title", job_id: "id" };

/** The field a user typed, as the service names it (or by its header label); an unknown name is refused with the list. */
export function fieldName(raw: unknown, known: readonly string[], what: string): string {
  const plain = String(raw)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  const name = known.includes(plain) ? plain : ALIASES[plain];
  if (name === undefined || !known.includes(name)) {
    throw new UserFacingError(`"${String(raw).trim()}" is not a field of a ${what}. Use one of: ${known.join(", ")}.`);
  }
  return name;
}

/** Comma-separated field names (LEADS_RESULTS' second argument); empty means the default set. */
export function fieldList(raw: unknown, known: readonly string[], what: string, fallback: readonly string[]): string[] {
  const cells = (Array.isArray(raw) ? raw.flat() : [raw]).filter((v) => !isEmptyArgument(v));
  const names = cells
    .join(",")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  return names.length === 0 ? [...fallback] : names.map((name) => fieldName(name, known, what));
}

/** A formula's argument that says nothing: an empty cell, a left-out argument, or only spaces. */
export function isEmptyArgument(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/** A one-cell argument as trimmed text: "" when it is empty. */
export const argumentText = (value: unknown): string => (isEmptyArgument(value) ? "" : String(value).trim());

/** The names of `socials`' lists as the results sheet heads them. */
const LIST_NAMES: Record<string, string> = {
  facebooks: "Facebook",
  instagrams: "Instagram",
  linkedIns: "LinkedIn",
  youtubes: "YouTube",
  yelps: "Yelp",
};

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * A value as a person reads it: a list's items joined with ", ", an object's filled entries as
 * "name: value" joined with "; " (`socials`: "Facebook: https://…; Yelp: https://…"), and inside
 * an entry an object's values alone ("a@b.com: deliverable, high").
 */
function readable(value: unknown, nested: boolean): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value))
    return value
      .map((item) => readable(item, true))
      .filter((text) => text !== "")
      .join(value.some((item) => typeof item === "object" && item !== null) ? "; " : ", ");
  const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => !isEmpty(item));
  if (nested) return entries.map(([, item]) => readable(item, true)).join(", ");
  return entries.map(([name, item]) => `${LIST_NAMES[name] ?? name}: ${readable(item, true)}`).join("; ");
}

export function toCell(value: unknown): CellValue {
  if (value === undefined || value === null) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return readable(value, false);
}

export function fieldCell(object: Record<string, unknown>, field: string): CellValue {
  return toCell(object[field]);
}

/** A two-column [field, value] table: the spec's fields first, then any the service added. */
export function fieldTable(object: Record<string, unknown>, known: readonly string[]): CellValue[][] {
  const names = known.filter((name) => name in object).concat(Object.keys(object).filter((name) => known.indexOf(name) < 0));
  return names.map((name) => [name, toCell(object[name])]);
}
