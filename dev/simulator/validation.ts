// This file defines request validation: creation bodies, paging and location queries, path ids.
// Every failure is a `detail` naming the field, answered as 422.
import { findByLabel, type CatalogEntry } from "./catalog";

export type Checked<T> = { ok: true; value: T } | { ok: false; detail: string };

export interface SearchInput {
  query: string;
  location: string;
  countryCode: string;
  maxResults: number;
  language: string;
}

export interface SearchRequest {
  name: string;
  input: SearchInput;
  enrichContacts: boolean;
  location: CatalogEntry;
}

export interface SuppliedBusiness {
  business_name: string;
  website_url: string;
}

export interface EnrichmentRequest {
  name: string;
  businesses: SuppliedBusiness[];
}

const MIN_MAX_RESULTS = 100;
const DEFAULT_MAX_RESULTS = 100;

class Invalid extends Error {}

function fail(field: string, message: string): never {
  throw new Invalid(`${field}: ${message}`);
}

/** Lengths count code points, as the service (Python) does. */
function length(text: string): number {
  return [...text].length;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function rejectUnknown(value: Record<string, unknown>, allowed: readonly string[], prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) fail(`${prefix}${key}`, "unknown field");
  }
}

/** An optional field: absent and `null` both mean "use the default". */
function optional(value: Record<string, unknown>, key: string): unknown {
  const v = value[key];
  return v === null ? undefined : v;
}

function optionalName(body: Record<string, unknown>): string | undefined {
  const name = optional(body, "name");
  if (name === undefined) return undefined;
  if (typeof name !== "string") fail("name", "must be a string");
  if (name.trim() === "") fail("name", "must not be blank (omit it for the default)");
  if (length(name) > 200) fail("name", "at most 200 characters");
  return name;
}

function parseJsonObject(raw: string | undefined): Record<string, unknown> {
  if (raw === undefined || raw.trim() === "") fail("body", "a JSON object is required");
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail("body", "invalid JSON");
  }
  if (!isObject(parsed)) fail("body", "must be a JSON object");
  return parsed;
}

function run<T>(check: () => T): Checked<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, detail: error.message };
    throw error;
  }
}

export function validateSearchBody(raw: string | undefined): Checked<SearchRequest> {
  return run(() => {
    const body = parseJsonObject(raw);
    rejectUnknown(body, ["name", "input", "enrich_contacts"], "");
    const name = optionalName(body);
    const input = body["input"];
    if (input === undefined || input === null) fail("input", "field required");
    if (!isObject(input)) fail("input", "must be an object");
    rejectUnknown(input, ["query", "location", "countryCode", "maxResults", "language"], "input.");

    const query = input["query"];
    if (query === undefined || query === null) fail("input.query", "field required");
    if (typeof query !== "string") fail("input.query", "must be a string");
    if (query.trim() === "") fail("input.query", "must not be empty");
    if (length(query) > 300) fail("input.query", "at most 300 characters");

    const label = input["location"];
    if (label === undefined || label === null) fail("input.location", "field required");
    if (typeof label !== "string") fail("input.location", "must be a string");
    const location = findByLabel(label);
    if (location === undefined) fail("input.location", `unknown location "${label}": use a label from GET /locations`);

    const countryCode = optional(input, "countryCode");
    if (countryCode !== undefined) {
      if (typeof countryCode !== "string") fail("input.countryCode", "must be a string");
      if (!/^[A-Z]{2}$/.test(countryCode)) fail("input.countryCode", "must be two uppercase letters (ISO 3166)");
      if (countryCode !== location.country_code)
        fail("input.countryCode", `${countryCode} does not match the location's country ${location.country_code}`);
    }

    const maxResults = optional(input, "maxResults") ?? DEFAULT_MAX_RESULTS;
    if (typeof maxResults !== "number" || !Number.isInteger(maxResults)) fail("input.maxResults", "must be an integer");
    if (maxResults < MIN_MAX_RESULTS) fail("input.maxResults", `must be at least ${MIN_MAX_RESULTS}`);

    const language = optional(input, "language") ?? "en";
    if (typeof language !== "string") fail("input.language", "must be a string");
    if (!/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?$/.test(language))
      fail("input.language", "two or three letters, optionally followed by a locale (e.g. en, en-US)");

    const enrich = optional(body, "enrich_contacts") ?? true;
    if (typeof enrich !== "boolean") fail("enrich_contacts", "must be a boolean");

    return {
      name: name ?? `${query} in ${label}`,
      input: { query, location: label, countryCode: location.country_code, maxResults, language },
      enrichContacts: enrich,
      location,
    };
  });
}

/** Absolute http(s) URL with a host; anything else (relative, mailto:, ftp:) is refused. */
function isHttpUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** Duplicate detection ignores case and surrounding space in names, case and a trailing slash in URLs. */
function dedupeKey(entry: SuppliedBusiness): string {
  const url = new URL(entry.website_url);
  const href = url.href.replace(/\/$/, "");
  return `${entry.business_name.trim().toLowerCase()}\u0001${href}`;
}

export function validateEnrichmentBody(raw: string | undefined): Checked<EnrichmentRequest> {
  return run(() => {
    const body = parseJsonObject(raw);
    rejectUnknown(body, ["name", "businesses"], "");
    const name = optionalName(body);
    const list = body["businesses"];
    if (list === undefined || list === null) fail("businesses", "field required");
    if (!Array.isArray(list)) fail("businesses", "must be an array");
    if (list.length === 0) fail("businesses", "at least 1 business is required");
    const seen = new Map<string, number>();
    const businesses: SuppliedBusiness[] = list.map((item: unknown, index) => {
      const at = `businesses[${index}]`;
      if (!isObject(item)) fail(at, "must be an object");
      rejectUnknown(item, ["business_name", "website_url"], `${at}.`);
      const businessName = item["business_name"];
      if (businessName === undefined || businessName === null) fail(`${at}.business_name`, "field required");
      if (typeof businessName !== "string") fail(`${at}.business_name`, "must be a string");
      if (businessName.trim() === "") fail(`${at}.business_name`, "must not be empty");
      if (length(businessName) > 200) fail(`${at}.business_name`, "at most 200 characters");
      const websiteUrl = item["website_url"];
      if (websiteUrl === undefined || websiteUrl === null) fail(`${at}.website_url`, "field required");
      if (typeof websiteUrl !== "string") fail(`${at}.website_url`, "must be a string");
      if (!isHttpUrl(websiteUrl)) fail(`${at}.website_url`, "must be an absolute http:// or https:// URL");
      const entry = { business_name: businessName, website_url: websiteUrl };
      const key = dedupeKey(entry);
      const first = seen.get(key);
      if (first !== undefined) fail(at, `duplicate of businesses[${first}] (same business_name and website_url)`);
      seen.set(key, index);
      return entry;
    });
    return { name: name ?? `Enrich ${businesses.length} supplied businesses`, businesses };
  });
}

export interface Paging {
  page: number;
  pageSize: number;
}

function integerParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  if (!/^-?\d+$/.test(raw.trim())) fail(name, "must be an integer");
  const value = Number(raw.trim());
  if (value < min) fail(name, `must be at least ${min}`);
  if (value > max) fail(name, `must be at most ${max}`);
  return value;
}

export function parsePaging(params: URLSearchParams, defaultSize: number, maxSize: number): Checked<Paging> {
  return run(() => ({
    page: integerParam(params, "page", 1, 1, Number.MAX_SAFE_INTEGER),
    pageSize: integerParam(params, "page_size", defaultSize, 1, maxSize),
  }));
}

export interface LocationQuery {
  q: string;
  country: string | undefined;
}

export function parseLocationQuery(params: URLSearchParams): Checked<LocationQuery> {
  return run(() => {
    const q = params.get("q");
    if (q === null) fail("q", "field required");
    if (length(q) < 2) fail("q", "at least 2 characters");
    if (length(q) > 100) fail("q", "at most 100 characters");
    const country = params.get("country");
    if (country === null || country === "") return { q, country: undefined };
    if (!/^[A-Za-z]{2}$/.test(country)) fail("country", "must be a two-letter country code");
    return { q, country: country.toUpperCase() };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

export const IDEMPOTENCY_KEY_MAX = 255;
