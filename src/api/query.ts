// This file defines URL building without URL/URLSearchParams (Apps Script has neither):
// query strings and the API root (requests.ts escapes path segments).

export type QueryValue = string | number | boolean | null | undefined;

/** "?a=1&b=x%20y" from the defined values, in the given order; "" when there are none. */
export function buildQuery(params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (value === undefined || value === null) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/** Loopback hosts, the only ones a plain http:// address may name (local testing). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * `{base}/api/v1` from the user's base address: trailing slashes dropped, and a pasted
 * `/api/v1` suffix tolerated rather than doubled. Returns null unless it is an https:// address,
 * or an http:// one on a loopback host (127.x.x.x, localhost, [::1]): the API key travels in a
 * header, and must never cross a network in clear text.
 */
export function apiRoot(baseUrl: string): string | null {
  let base = baseUrl.trim().replace(/\/+$/, "");
  const match = /^(https?):\/\/(\[[^\]\s]*\]|[^\s/?#:@]+)(:\d{1,5})?(\/[^\s?#]*)?$/i.exec(base);
  if (!match) return null;
  const scheme = (match[1] ?? "").toLowerCase();
  if (scheme === "http" && !LOOPBACK_HOST.test(match[2] ?? "")) return null;
  base = base.replace(/\/api\/v1$/i, "");
  return `${base}/api/v1`;
}

export const SERVICE_ADDRESS_RULE =
  "The service address must start with https:// (plain http:// only for a local test address such as http://127.0.0.1:8787).";
