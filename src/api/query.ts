// This file defines URL building without URL/URLSearchParams (Apps Script has neither):
// query strings, path segments and the API root.

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

/** One path segment, escaped so an ID can never add a segment or a query ("a/b" → "a%2Fb"). */
export function encodePathSegment(value: string): string {
  return encodeURIComponent(value);
}

/**
 * `{base}/api/v1` from the user's base address: trailing slashes dropped, and a pasted
 * `/api/v1` suffix tolerated rather than doubled. Returns null when it is not an http(s) address.
 */
export function apiRoot(baseUrl: string): string | null {
  let base = baseUrl.trim().replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/?#]+/i.test(base) || /[\s?#]/.test(base)) return null;
  base = base.replace(/\/api\/v1$/i, "");
  return `${base}/api/v1`;
}
