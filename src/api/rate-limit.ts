// This file defines parsing of the service's rate-limit headers (RateLimit, RateLimit-Policy,
// X-RateLimit-*), so callers can slow down before the service answers 429.

interface RateLimitInfo {
  /** Requests allowed per window (RateLimit-Policy `q`, or X-RateLimit-Limit). */
  limit: number | null;
  /** Requests left in the current window (RateLimit `r`, or X-RateLimit-Remaining). */
  remaining: number | null;
  /** Seconds until the window resets (RateLimit `t`, or X-RateLimit-Reset). */
  resetSeconds: number | null;
  /** Window length in seconds (RateLimit-Policy `w`). */
  windowSeconds: number | null;
  /** Policy name, e.g. "default". */
  policy: string | null;
}

/** A case-insensitive header lookup (the Transport promises lower-case names; be tolerant). */
export function headerValue(headers: Record<string, string>, name: string): string | null {
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === lower) return headers[key] ?? null;
  }
  return null;
}

interface StructuredItem {
  name: string;
  params: Record<string, string>;
}

/** First item of a structured-field list such as `"default";r=950;t=30`. */
function firstItem(value: string | null): StructuredItem | null {
  if (value === null) return null;
  const first = value.split(",")[0]?.trim();
  if (!first) return null;
  const [rawName = "", ...rest] = first.split(";").map((part) => part.trim());
  const params: Record<string, string> = {};
  let name = rawName;
  if (rawName.indexOf("=") >= 0) {
    // No policy name, only parameters (`r=950;t=30`).
    rest.unshift(rawName);
    name = "";
  }
  for (const part of rest) {
    const eq = part.indexOf("=");
    if (eq > 0) params[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim();
  }
  return { name: name.replace(/^"|"$/g, ""), params };
}

function toNumber(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === "") return null;
  const n = Number(value.replace(/^"|"$/g, ""));
  return Number.isFinite(n) ? n : null;
}

/**
 * Reads the rate-limit headers of a response; null when there are none. The IETF headers win
 * over the X- ones when both are present. `nowMs` converts an X-RateLimit-Reset given as epoch
 * seconds (some servers do) into seconds from now.
 */
export function parseRateLimit(headers: Record<string, string>, nowMs?: number): RateLimitInfo | null {
  const current = firstItem(headerValue(headers, "ratelimit"));
  const policy = firstItem(headerValue(headers, "ratelimit-policy"));

  const limit =
    toNumber(policy?.params["q"]) ??
    toNumber(headerValue(headers, "x-ratelimit-limit")) ??
    toNumber(headerValue(headers, "ratelimit-limit"));
  const remaining =
    toNumber(current?.params["r"]) ??
    toNumber(headerValue(headers, "x-ratelimit-remaining")) ??
    toNumber(headerValue(headers, "ratelimit-remaining"));
  let resetSeconds =
    toNumber(current?.params["t"]) ??
    toNumber(headerValue(headers, "x-ratelimit-reset")) ??
    toNumber(headerValue(headers, "ratelimit-reset"));
  if (resetSeconds !== null && resetSeconds > 1e9 && nowMs !== undefined) {
    resetSeconds = Math.max(0, Math.ceil(resetSeconds - nowMs / 1000));
  }
  const windowSeconds = toNumber(policy?.params["w"]);
  const policyName = current?.name || policy?.name || null;

  if (limit === null && remaining === null && resetSeconds === null && windowSeconds === null) return null;
  return { limit, remaining, resetSeconds, windowSeconds, policy: policyName };
}
