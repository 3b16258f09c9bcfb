// This file defines the UrlFetchApp fake (https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app):
// synchronous, REAL HTTP to 127.0.0.1/localhost through a synckit worker (http-worker.ts), one
// round trip per fetch and one per fetchAll batch, every request recorded for tests.
import { createSyncFn } from "synckit";
import { bundleWorker } from "../bundle-worker";
import { ALLOWED, SCOPES } from "./auth";
import { FakeBlob, bytesOf, toSignedBytes } from "./blob";
import type { Counters } from "./counters";
import { enterCall, type ServiceEnv } from "./env";
import type { WireRequest, WireResult } from "./http-wire";

export interface RecordedRequest {
  executionId: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Virtual time the request was sent. */
  at: number;
  /** The HTTP status, once a response came back. */
  status?: number;
}

export type BeforeFetchHook = (requests: readonly RecordedRequest[]) => void;

export interface UrlFetchDeps {
  counters: Counters;
  log: RecordedRequest[];
  beforeFetch: readonly BeforeFetchHook[];
  /** Virtual milliseconds one round trip takes. */
  latencyMs: number;
  scriptId: string;
  /** The manifest's urlFetchWhitelist, or null when it has none (test deployments may omit it). */
  allowlist: readonly string[] | null;
}

/**
 * Whether the manifest's allowlist lets a URL through: Google documents each entry as an https
 * prefix with a path, optionally with a leading `*.` wildcard for subdomains.
 */
export function allowedByList(url: string, allowlist: readonly string[] | null): boolean {
  if (allowlist === null) return true;
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return allowlist.some((prefix) =>
    prefix.startsWith("https://*.")
      ? new RegExp(`^https://[^/]+\\.${escapeRegExp(prefix.slice("https://*.".length))}`).test(url)
      : url.startsWith(prefix),
  );
}

const METHODS = ["get", "delete", "patch", "post", "put"];
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** "URL Fetch URL length: 2 KB / URL" (quotas page). */
export const URL_LENGTH_LIMIT = 2 * 1024;
/** Guess: Google truncates the body it quotes in "Request failed…"; we keep 100 characters. */
const TRUNCATE_AT = 100;
const TIMEOUT_MS = 60_000;

let sendBatch: ((requests: WireRequest[]) => WireResult[]) | undefined;

/** One worker per process, bundled on first use. */
function httpWorker(): (requests: WireRequest[]) => WireResult[] {
  if (sendBatch === undefined) {
    const workerPath = bundleWorker("dev/fakes/http-worker.ts");
    sendBatch = createSyncFn<(requests: WireRequest[]) => Promise<WireResult[]>>(workerPath, { timeout: TIMEOUT_MS * 2 });
  }
  return sendBatch;
}

interface Prepared {
  wire: WireRequest;
  muteHttpExceptions: boolean;
  bodyText: string | undefined;
  contentType: string | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** application/x-www-form-urlencoded, as Google sends an object payload. */
export function formEncode(fields: Record<string, unknown>): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
  return Object.keys(fields)
    .map((k) => `${enc(k)}=${enc(String(fields[k]))}`)
    .join("&");
}

export class FakeHttpResponse {
  constructor(
    private readonly status: number,
    private readonly rawHeaders: readonly [string, string][],
    private readonly body: Buffer,
  ) {}

  getResponseCode(): number {
    return this.status;
  }
  getContentText(charset?: string): string {
    return this.body.toString(charset !== undefined && /^(iso-8859-1|latin1)$/i.test(charset) ? "latin1" : "utf8");
  }
  getContent(): number[] {
    return toSignedBytes(this.body);
  }
  /** "Headers that have multiple values returned as arrays." */
  getAllHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of this.rawHeaders) {
      const prior = out[name];
      out[name] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior, value];
    }
    return out;
  }
  /** Guess: one value per header; for a repeated header Google does not say which, we keep the first. */
  getHeaders(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of this.rawHeaders) if (!(name in out)) out[name] = value;
    return out;
  }
  getBlob(): FakeBlob {
    const type = this.rawHeaders.find(([n]) => n.toLowerCase() === "content-type")?.[1] ?? null;
    return new FakeBlob(Buffer.from(this.body), type, null);
  }
  getAs(contentType: string): FakeBlob {
    return this.getBlob().setContentType(contentType);
  }
}

export function createUrlFetchApp(env: ServiceEnv, deps: UrlFetchDeps) {
  const fail = (message: string) => env.exec.error(message);

  const prepare = (urlValue: unknown, paramsValue: unknown): Prepared => {
    const params: Record<string, unknown> = isRecord(paramsValue) ? paramsValue : {};
    const url = String(urlValue);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw fail(`Invalid argument: ${url}`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw fail(`Invalid argument: ${url}`);
    if (url.length > URL_LENGTH_LIMIT) throw fail("Limit Exceeded: URLFetch URL Length.");
    if (!LOCAL_HOSTS.has(parsed.hostname)) {
      throw fail(`Address unavailable: ${url} (the UrlFetchApp fake reaches only 127.0.0.1 and localhost)`);
    }
    const method = params.method === undefined ? "get" : String(params.method).toLowerCase();
    if (!METHODS.includes(method)) throw fail("Attribute provided with invalid value: method");

    const headers: Record<string, string> = {};
    if (params.headers !== undefined) {
      if (!isRecord(params.headers)) throw fail("Attribute provided with invalid value: headers");
      for (const name of Object.keys(params.headers)) headers[name] = String(params.headers[name]);
    }
    let body: Buffer | undefined;
    let blobType: string | null = null;
    const payload = params.payload;
    // Guess: Google does not document a GET body; we send none.
    if (payload !== undefined && payload !== null && method !== "get") {
      if (payload instanceof FakeBlob) blobType = payload.getContentType();
      if (isRecord(payload) && !(payload instanceof FakeBlob)) {
        if (Object.values(payload).some((v) => v instanceof FakeBlob))
          throw new Error("UrlFetchApp fake: multipart payloads are not supported");
        body = Buffer.from(formEncode(payload), "utf8");
      } else {
        body = bytesOf(payload);
        if (body === undefined) throw fail("Attribute provided with invalid value: payload");
      }
    }
    const headerType = Object.keys(headers).find((n) => n.toLowerCase() === "content-type");
    let contentType: string | undefined;
    if (body !== undefined) {
      // contentType "defaults to 'application/x-www-form-urlencoded'".
      contentType =
        params.contentType !== undefined
          ? String(params.contentType)
          : headerType !== undefined
            ? headers[headerType]
            : (blobType ?? "application/x-www-form-urlencoded");
      if (headerType !== undefined) delete headers[headerType];
      headers["Content-Type"] = contentType ?? "application/x-www-form-urlencoded";
    }
    if (!Object.keys(headers).some((n) => n.toLowerCase() === "user-agent")) {
      headers["User-Agent"] = `Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: ${deps.scriptId})`;
    }
    return {
      wire: {
        method: method.toUpperCase(),
        url,
        headers,
        ...(body === undefined ? {} : { body: body.toString("base64") }),
        followRedirects: params.followRedirects !== false,
        validateHttpsCertificates: params.validateHttpsCertificates !== false,
        timeoutMs: TIMEOUT_MS,
      },
      muteHttpExceptions: params.muteHttpExceptions === true,
      bodyText: body?.toString("utf8"),
      contentType,
    };
  };

  const networkMessage = (result: { code: string }, url: string): string => {
    switch (result.code) {
      case "ECONNREFUSED":
      case "ENOTLOCAL":
        return `Address unavailable: ${url}`;
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return `DNS error: ${url}`;
      case "ETIMEDOUT":
        return `Timeout: ${url}`;
      default:
        return `Unexpected error: ${url}`;
    }
  };

  const requestFailed = (url: string, status: number, body: string): string => {
    const truncated = body.length > TRUNCATE_AT ? `${body.slice(0, TRUNCATE_AT)}...` : body;
    return (
      `Request failed for ${new URL(url).origin} returned code ${status}. Truncated server response: ${truncated} (use ` +
      "muteHttpExceptions option to examine full response)"
    );
  };

  /** One round trip: record, run hooks, send in parallel, then apply kill plan and errors. */
  const roundTrip = (batch: Prepared[]): FakeHttpResponse[] => {
    const exec = env.exec;
    const refused = batch.find((p) => !allowedByList(p.wire.url, deps.allowlist));
    // Guess: Google's exact wording is not documented; the documented rule is that the script
    // "can't access URLs that have not been added to the allowlist".
    if (refused) throw fail(`The URL ${refused.wire.url} is not in the script's urlFetchWhitelist (allowlist) in appsscript.json.`);
    exec.fetchCalls += 1;
    const plan = exec.killPlan;
    const killHere = plan?.fetchCall === exec.fetchCalls;
    if (killHere && plan?.fetchPhase !== "after") exec.kill(`Killed at UrlFetchApp call ${exec.fetchCalls}`);
    const quotaError = env.quotas.charge("urlfetch", exec.user, batch.length);
    if (quotaError !== undefined) {
      deps.counters.quotaRefusals += 1;
      throw fail(quotaError);
    }
    if (env.quotas.bandwidthBlocked(exec.user)) {
      deps.counters.quotaRefusals += 1;
      // Google's wording as reported by users; the documentation names the quota, not the text.
      throw fail(`Bandwidth quota exceeded: ${batch[0]?.wire.url ?? ""}. Try reducing the rate of data transfer.`);
    }

    const recorded = batch.map(
      (p): RecordedRequest => ({
        executionId: exec.id,
        method: p.wire.method,
        url: p.wire.url,
        headers: { ...p.wire.headers },
        body: p.bodyText,
        at: env.clock.now(),
      }),
    );
    deps.log.push(...recorded);
    deps.counters.fetchRequests += batch.length;
    deps.counters.roundTrips += 1;
    for (const hook of deps.beforeFetch) hook(recorded);

    const results = httpWorker()(batch.map((p) => p.wire));
    env.clock.advance(deps.latencyMs);
    results.forEach((r, i) => {
      const entry = recorded[i];
      if (r.ok && entry !== undefined) entry.status = r.status;
    });
    if (killHere) exec.kill(`Killed at UrlFetchApp call ${exec.fetchCalls}, after the request was sent`);
    exec.enter();

    // One network failure fails the whole call, for fetchAll too.
    results.forEach((r, i) => {
      if (!r.ok) throw fail(networkMessage(r, batch[i]?.wire.url ?? ""));
    });
    return results.map((r, i) => {
      if (!r.ok) throw fail("unreachable");
      const body = Buffer.from(r.body, "base64");
      const prepared = batch[i];
      if (prepared !== undefined && !prepared.muteHttpExceptions && r.status >= 400) {
        throw fail(requestFailed(prepared.wire.url, r.status, body.toString("utf8")));
      }
      return new FakeHttpResponse(r.status, r.headers, body);
    });
  };

  const enter = (call: string) => enterCall(env, ALLOWED.urlFetch(env.exec.authMode), call, SCOPES.externalRequest);

  return {
    fetch(url: string, params?: unknown): FakeHttpResponse {
      enter("UrlFetchApp.fetch");
      const [response] = roundTrip([prepare(url, params)]);
      if (response === undefined) throw fail("Unexpected error");
      return response;
    },

    /** Each request is a URL string or an object with `url` and the fetch parameters. */
    fetchAll(requests: unknown): FakeHttpResponse[] {
      enter("UrlFetchApp.fetchAll");
      if (!Array.isArray(requests)) throw fail("Invalid argument: requests");
      const batch = requests.map((r: unknown) => (isRecord(r) ? prepare(r.url, r) : prepare(r, undefined)));
      if (batch.length === 0) return [];
      return roundTrip(batch);
    },

    /** The request UrlFetchApp would send, without sending it. */
    getRequest(url: string, params?: unknown) {
      enter("UrlFetchApp.getRequest");
      const p = prepare(url, params);
      return {
        url: p.wire.url,
        method: p.wire.method.toLowerCase(),
        headers: p.wire.headers,
        payload: p.bodyText ?? "",
        contentType: p.contentType ?? null,
        followRedirects: p.wire.followRedirects,
        validateHttpsCertificates: p.wire.validateHttpsCertificates,
        useIntranet: false,
      };
    },
  };
}
