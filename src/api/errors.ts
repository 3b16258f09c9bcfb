// This file defines the client's one error class, its kinds, and the messages a sales person
// can act on for each failure the service spec describes.
import type { ShapeIssue } from "./schemas";
import { UserFacingError } from "../errors/user-error";
import { BANDWIDTH_SENTENCE, dailyLimitSentence } from "../rules/platform-limits";

type LeadsErrorKind =
  | "unauthorized" // 401
  | "insufficient_credits" // 402
  | "limit_exceeded" // 403
  | "not_found" // 404
  | "conflict" // 409
  | "validation" // 422, or an argument the client refused to send
  | "idempotency_required" // 428, or a create call without a key
  | "rate_limited" // 429
  | "unavailable" // 503
  | "server_error" // other 5xx
  | "http_error" // any other status
  | "network" // the transport threw: nothing usable came back
  | "quota" // the platform's request quota is spent: nothing was sent
  | "bad_response"; // a 2xx whose body is not JSON or not the documented shape

/** What the client was doing, so messages can name it ("Search 1234 was not found…"). */
export interface RequestContext {
  /** Method name, e.g. "getSearch". */
  operation: string;
  /** HTTP method and path under /api/v1, without the query string, e.g. "GET /searches/1234". */
  endpoint: string;
  resource?: "search" | "enrichment" | "business" | "account" | "locations";
  id?: string;
  /** Credits the request would reserve, for the 402 message when the service omits it. */
  creditsNeeded?: number;
}

interface LeadsApiErrorInit {
  kind: LeadsErrorKind;
  message: string;
  status?: number | null;
  detail?: string | null;
  retryAfterMs?: number | null;
  retryable?: boolean;
  context?: RequestContext | null;
}

/**
 * Every failure of the client. `message` is written for the person using the add-on; `detail`
 * is the service's own text. Request headers are never stored here, so the API key cannot leak
 * through an error (the client also redacts it from any text it copies in).
 */
export class LeadsApiError extends UserFacingError {
  readonly kind: LeadsErrorKind;
  /** HTTP status, or null when no response arrived (network) or nothing was sent. */
  readonly status: number | null;
  /** The service's `detail` text, or the transport's message for network failures. */
  readonly detail: string | null;
  /** From Retry-After, in milliseconds, when the service sent one. */
  readonly retryAfterMs: number | null;
  /** Whether trying the same request again later can succeed. */
  readonly retryable: boolean;
  readonly operation: string | null;
  readonly endpoint: string | null;
  /** Number of attempts made before giving up (set by the retry loop). */
  attempts: number;

  constructor(init: LeadsApiErrorInit) {
    super(init.message);
    this.name = "LeadsApiError";
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.detail = init.detail ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.retryable = init.retryable ?? false;
    this.operation = init.context?.operation ?? null;
    this.endpoint = init.context?.endpoint || null;
    this.attempts = 1;
  }
}

/** A 2xx body that is JSON but not the documented shape; `issues` name each field path. */
export class ResponseShapeError extends LeadsApiError {
  readonly issues: ShapeIssue[];

  constructor(init: LeadsApiErrorInit & { issues: ShapeIssue[] }) {
    super(init);
    this.name = "ResponseShapeError";
    this.issues = init.issues;
  }
}

export function isLeadsApiError(value: unknown): value is LeadsApiError {
  return value instanceof LeadsApiError;
}

/** Statuses worth retrying: throttling and transient server failures. */
export function isRetryableStatus(status: number): boolean {
  return [408, 429, 500, 502, 503, 504].includes(status);
}

/** The kind of each status the spec's error table names; any other is a server error (5xx) or an HTTP error. */
const KIND_OF_STATUS: Readonly<Record<number, LeadsErrorKind>> = {
  401: "unauthorized",
  402: "insufficient_credits",
  403: "limit_exceeded",
  404: "not_found",
  409: "conflict",
  422: "validation",
  428: "idempotency_required",
  429: "rate_limited",
  503: "unavailable",
};

export function kindForStatus(status: number): LeadsErrorKind {
  return KIND_OF_STATUS[status] ?? (status >= 500 ? "server_error" : "http_error");
}

const TRY_LATER = "Try again in a few minutes.";

/** The message for an HTTP error status, from the spec's error table and the service's detail. */
export function messageForStatus(
  status: number,
  detail: string | null,
  retryAfterMs: number | null,
  context: RequestContext | null,
): string {
  const quoted = said(detail);
  switch (status) {
    case 401:
      return "The lead service refused the API key (it is missing, wrong or revoked). Fix or rotate the key in the sidebar's Settings.";
    case 402:
      return creditsMessage(detail ?? "", context);
    case 403:
      return (
        `This request is above your plan's size limit.${quoted} Lower Max results, or the number of businesses ` +
        "to enrich, and try again."
      );
    case 404:
      return notFoundMessage(context);
    case 409:
      return (
        "This job was already started with different settings under the same request key. Start it again as a new search or " +
        "enrichment, or restore the original settings."
      );
    case 422:
      return detail
        ? `The lead service rejected the request: ${detail}`
        : "The lead service rejected the request as invalid. Check the fields and try again.";
    case 428:
      return "The lead service requires a request key to create a job, and none was sent. Try again; if it keeps happening, report it.";
    case 429: {
      const when = retryAfterMs !== null ? `in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds` : "in a minute";
      return `Too many requests or too many jobs running at once. Try again ${when}.`;
    }
    case 503:
      return `The lead service is temporarily unavailable. ${TRY_LATER}`;
    default:
      if (status >= 500) return `The lead service had an internal error (HTTP ${status}). ${TRY_LATER}`;
      return `The lead service answered with an unexpected error (HTTP ${status}).${quoted}`;
  }
}

/** A count as written in prose: "1,000" or "700" (a trailing comma is punctuation). */
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;

/** The service's own words, quoted after a sentence of ours ("" when it gave none). */
const said = (detail: string | null): string => (detail ? ` The service said: "${detail}"` : "");

function creditsMessage(text: string, context: RequestContext | null): string {
  if (/subscription|inactive|not active|canceled|cancelled|past.due|unpaid/i.test(text)) {
    return `Your subscription is not active, so paid searches are blocked. Renew or change the plan, then try again.${said(text)}`;
  }
  if (/free/i.test(text) && /already used|was used/i.test(text)) {
    return "Your account's one free search was already used. Choose a paid plan to start more searches or enrichments.";
  }
  const remaining =
    numberNear(text, new RegExp(`${NUMBER}\\s*(?:credits?\\s+)?(?:remain|left|available)`, "i")) ??
    numberNear(text, new RegExp(`(?:remaining|available|left|balance)\\D{0,20}?${NUMBER}`, "i"));
  // "1000 requested with 700 remaining": a number right before the word is the surer reading,
  // so it is tried first; "needs 100" (number after the word) second.
  const needed =
    numberNear(text, new RegExp(`${NUMBER}\\s*(?:credits?\\s+)?(?:needed|required|requested)`, "i")) ??
    numberNear(text, new RegExp(`(?:needs?|required|requires|requested|requesting)\\s*(?:credits?)?\\D{0,3}${NUMBER}`, "i")) ??
    context?.creditsNeeded ??
    null;
  if (remaining !== null) {
    const need = needed !== null ? `, this request needs ${needed}` : "";
    return `Not enough credits: ${remaining} remain${need}. Lower Max results or the number of businesses, or change the plan.`;
  }
  if (text) return `Not enough credits.${said(text)}`;
  return "Not enough credits for this request. Lower Max results or the number of businesses, or change the plan.";
}

function numberNear(text: string, pattern: RegExp): number | null {
  const match = pattern.exec(text);
  const digits = match?.[1];
  if (digits === undefined) return null;
  const value = Number(digits.replace(/,/g, ""));
  return Number.isFinite(value) ? value : null;
}

/** What a 404 names, by the resource asked for. */
const NOT_FOUND_NAMES: Partial<Record<NonNullable<RequestContext["resource"]>, string>> = {
  search: "Search",
  enrichment: "Enrichment job",
  business: "Business",
};

function notFoundMessage(context: RequestContext | null): string {
  const tail = "was not found for this account. Check the ID, and that the API key belongs to the account that created it.";
  const name = context?.resource && NOT_FOUND_NAMES[context.resource];
  return name ? `${name}${context?.id ? ` ${context.id}` : ""} ${tail}` : `The requested item ${tail}`;
}

/** The request runs on Google's servers, so the user's own connection is not the cause. */
export const NETWORK_MESSAGE =
  "Could not reach the lead service from Google's servers (network error). The service may be briefly down, " +
  `or the service address in Settings may be wrong. ${TRY_LATER}`;

/** Apps Script's own limit on requests (platform-limits.ts): nothing was sent. */
export function quotaMessage(quota: "daily" | "bandwidth"): string {
  return quota === "daily" ? dailyLimitSentence("urlfetch") : BANDWIDTH_SENTENCE;
}

export const INVALID_JSON_MESSAGE =
  "The lead service sent a response that could not be read (incomplete or not JSON). Try again in a moment.";

export function shapeMessage(issues: ShapeIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join("; ");
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : "";
  return `The lead service sent data in an unexpected format (${shown}${more}). Try again later; if it keeps happening, report it.`;
}

/** The `detail` of an error body as text: a string as is, a list of validation items joined. */
export function detailText(detail: unknown): string | null {
  if (typeof detail === "string") return detail.trim() || null;
  if (Array.isArray(detail)) {
    // FastAPI-style `[{loc: [...], msg}]`: not in the spec, but cheap to render readably.
    const parts = detail.map((item) => {
      if (item !== null && typeof item === "object") {
        const record = item as Record<string, unknown>;
        const loc = Array.isArray(record["loc"]) ? record["loc"].map(String).join(".") : "";
        const msg = typeof record["msg"] === "string" ? record["msg"] : JSON.stringify(item);
        return loc ? `${loc}: ${msg}` : msg;
      }
      return String(item);
    });
    return parts.join("; ") || null;
  }
  if (detail === undefined || detail === null) return null;
  return JSON.stringify(detail);
}
