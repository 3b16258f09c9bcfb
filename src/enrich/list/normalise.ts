// This file defines how one row's name and website become what is sent: trimmed text, a website
// normalised to an absolute https:// address (no `URL` class in Apps Script, so it is parsed by
// hand), and the match key that de-duplicates rows and finds each row's result again.
import { websiteKey } from "../../rules/website-key";

/** The spec's limit for `business_name`. */
const MAX_BUSINESS_NAME = 200;

type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };
const refused = (reason: string): Checked<never> => ({ ok: false, reason });

/** Whitespace that cleanText changes: at either end, two together, or any but a plain space. */
const UNCLEAN_SPACE = /^\s|\s$|\s\s|[^\S ]/;

/** Collapses inner whitespace and trims: "  Acme   Inc " → "Acme Inc". */
export function cleanText(value: unknown): string {
  if (value === null || value === undefined) return "";
  // Most cells are clean text already: a test, not a copy (a pass reads every name and website).
  if (typeof value === "string" && !UNCLEAN_SPACE.test(value)) return value;
  const text = Object.prototype.toString.call(value) === "[object Date]" ? "" : String(value);
  return text.replace(/\s+/g, " ").trim();
}

export function checkName(value: unknown): Checked<string> {
  const name = cleanText(value);
  if (name === "") return refused("no business name");
  if (name.length > MAX_BUSINESS_NAME) return refused(`name longer than ${MAX_BUSINESS_NAME} characters`);
  return { ok: true, value: name };
}

const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

/**
 * An absolute http(s) address for what a user typed: `acme.com` and `www.acme.com/contact` get
 * `https://`; `ftp:`/`mailto:` addresses, relative paths, e-mail addresses and addresses without a
 * host are refused with a reason. Idempotent: a normalised address normalises to itself.
 */
export function normaliseWebsite(value: unknown): Checked<string> {
  const text = cleanText(value);
  if (text === "") return refused("no website");
  if (/\s/.test(text)) return refused("not a website address");
  const match = SCHEME.exec(text);
  const scheme = (match?.[1] ?? "https").toLowerCase();
  if (scheme !== "http" && scheme !== "https") return refused(`the website is not a web address (${scheme}:)`);
  if (!match && !text.startsWith("//") && /^[/.?#\\]/.test(text)) return refused("the website is a relative address");
  // Without a scheme, an address is a host from its first character.
  const slashed = match ? text.slice(match[0].length) : text.startsWith("//") ? text : `//${text}`;
  if (!slashed.startsWith("//")) return refused("the website has no host");
  const rest = slashed.slice(2);
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  const tail = end < 0 ? "" : rest.slice(end).replace(/#[\s\S]*$/, "");
  if (authority.indexOf("@") >= 0) return refused("the website looks like an e-mail address");
  const portMatch = /:(\d*)$/.exec(authority);
  const host = (portMatch ? authority.slice(0, portMatch.index) : authority).toLowerCase().replace(/\.$/, "");
  const port = portMatch?.[1] ?? "";
  if (host === "") return refused("the website has no host");
  if (!/^[^.:/]+(\.[^.:/]+)+$/.test(host) || /^[.-]|[-.]$/.test(host)) return refused("the website has no valid domain");
  const portPart = port === "" || port === DEFAULT_PORTS[scheme] ? "" : `:${port}`;
  return { ok: true, value: `${scheme}://${host}${portPart}${tail === "/" ? "" : tail}` };
}

/**
 * The identity of a (name, website) pair: the name without case or extra spaces, the website's
 * key (websiteKey: no scheme, leading `www.`, host case or trailing slash). It is at least as coarse as the service's own duplicate rule,
 * so pairs sent together are never refused as duplicates.
 */
export function matchKey(name: string, website: string): string {
  return `${cleanText(name).toLowerCase()}\u0001${websiteKey(website)}`;
}

/** The key of a business as the service returns it, normalised like the row it came from. */
export function resultKey(title: string | null | undefined, website: string | null | undefined): string | null {
  const url = normaliseWebsite(website ?? "");
  const name = cleanText(title);
  return url.ok && name !== "" ? matchKey(name, url.value) : null;
}
