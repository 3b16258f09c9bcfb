// This file defines RequestSender, the core of the service client: it sends PreparedRequests over a Transport, alone or in one round
// trip, retries them (runWithRetries), and turns each answer into a value or a LeadsApiError, with the API key kept out of every message.
import type { Clock } from "../rules/clock";
import { QuotaExceededError, type HttpRequest, type HttpResponse, type Transport } from "./transport";
import { WorkInterrupted } from "../errors/interruptions";
import {
  LeadsApiError,
  ResponseShapeError,
  detailText,
  INVALID_JSON_MESSAGE,
  isRetryableStatus,
  kindForStatus,
  messageForStatus,
  NETWORK_MESSAGE,
  quotaMessage,
  shapeMessage,
  type RequestContext,
} from "./errors";
import { redact } from "../rules/redaction";
import { parseRetryAfter, runWithRetries, type Outcome, type RetryPolicy } from "./retry";
import type { PreparedRequest } from "./requests";

/** A case-insensitive header lookup (the Transport promises lower-case names; be tolerant). */
function headerValue(headers: Record<string, string>, name: string): string | null {
  const key = headers[name] !== undefined ? name : Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? null : (headers[key] ?? null);
}

/** The outcome of a request that ended in `error`. */
const failed = (error: LeadsApiError): { ok: false; error: LeadsApiError } => ({ ok: false, error });

export interface RequestOptions {
  /** Epoch ms; the earlier of this and the client's deadline applies. */
  deadline?: number;
  /** Overrides the client's attempt cap for this call. */
  maxAttempts?: number;
}

/** One item of a batch: its value, or the error it ended with (after any retries). */
export type BatchResult<T> = Outcome<T>;

type ValueOf<P> = P extends PreparedRequest<infer T> ? T : never;

/** Result tuple of `batch`, item by item, matching the requests' types. */
export type BatchResults<R extends readonly PreparedRequest<unknown>[]> = {
  -readonly [K in keyof R]: BatchResult<ValueOf<R[K]>>;
};

/** What the sender works with, checked by LeadsClient's constructor. */
interface SenderSettings {
  /** The service's address with /api/v1, as apiRoot gives it. */
  root: string;
  /** Trimmed, never empty. */
  apiKey: string;
  transport: Transport;
  clock: Clock;
  policy: RetryPolicy;
  /** Epoch ms no retry wait may end after, for every call, or null. */
  deadline: number | null;
}

export class RequestSender {
  constructor(private readonly settings: SenderSettings) {}

  /** Sends one request with retries; returns its value or throws its LeadsApiError. */
  send<T>(request: PreparedRequest<T>, options?: RequestOptions): T {
    const [outcome] = runWithRetries<T>(
      1,
      () => this.roundTrip([request], (http) => http.map((one) => this.settings.transport.fetch(one))),
      this.retryEnvironment(options),
    );
    if (outcome === undefined) throw new Error("LeadsClient.send: no outcome");
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /**
   * Sends several requests in one `transport.fetchAll` round trip. Items that fail retryably go
   * again in a following round trip with only them; a network failure of the whole round trip
   * retries all of its items. Never throws for a request's failure: each item says how it ended.
   */
  batch<const R extends readonly PreparedRequest<unknown>[]>(requests: R, options?: RequestOptions): BatchResults<R> {
    const outcomes = runWithRetries<unknown>(
      requests.length,
      (pending) =>
        this.roundTrip(
          pending.map((index) => requests[index] as PreparedRequest<unknown>),
          (http) => this.settings.transport.fetchAll(http),
        ),
      this.retryEnvironment(options),
    );
    return outcomes as unknown as BatchResults<R>;
  }

  /** One round trip of `items` through `fetch`: an outcome each, in order. */
  private roundTrip<T>(items: PreparedRequest<T>[], fetch: (requests: HttpRequest[]) => HttpResponse[]): Outcome<T>[] {
    let responses: HttpResponse[];
    try {
      responses = fetch(items.map((item) => this.httpRequest(item)));
    } catch (thrown) {
      if (thrown instanceof WorkInterrupted) throw thrown;
      return items.map((item) => failed(this.networkError(thrown, item.context)));
    }
    return items.map((item, i) => {
      const response = responses[i];
      return response === undefined
        ? failed(this.networkError(new Error("no response in batch"), item.context))
        : this.interpret(item, response);
    });
  }

  private retryEnvironment(options: RequestOptions | undefined) {
    const { deadline, policy, clock } = this.settings;
    const deadlines = [deadline, options?.deadline ?? null].filter((d): d is number => d !== null);
    return {
      policy: options?.maxAttempts !== undefined ? { ...policy, maxAttempts: Math.max(1, options.maxAttempts) } : policy,
      clock,
      deadline: deadlines.length > 0 ? Math.min(...deadlines) : null,
    };
  }

  private httpRequest({ method, path, body, idempotencyKey }: PreparedRequest<unknown>): HttpRequest {
    const headers: Record<string, string> = { Accept: "application/json", "x-api-key": this.settings.apiKey };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (idempotencyKey !== undefined) headers["Idempotency-Key"] = idempotencyKey;
    return { method, url: this.settings.root + path, headers, ...(body === undefined ? {} : { body }) };
  }

  /** Any HTTP answer → value or error. Never throws. */
  private interpret<T>({ context, parse }: PreparedRequest<T>, { status, headers, body }: HttpResponse): Outcome<T> {
    if (status >= 200 && status < 300) {
      const parsed = jsonOf(body);
      // A cut-off body is a transport accident, not the service's answer: worth another try.
      if (parsed === null) {
        return failed(new LeadsApiError({ kind: "bad_response", status, message: INVALID_JSON_MESSAGE, retryable: true, context }));
      }
      const shaped = parse(parsed.json);
      if (shaped.ok) return { ok: true, value: shaped.value };
      const issues = shaped.issues.map((issue) => ({ path: this.redact(issue.path), message: this.redact(issue.message) }));
      return failed(new ResponseShapeError({ kind: "bad_response", status, message: shapeMessage(issues), issues, context }));
    }
    const detail = this.errorDetail(body);
    const retryAfterMs = parseRetryAfter(headerValue(headers ?? {}, "retry-after"), this.settings.clock.now());
    return failed(
      new LeadsApiError({
        kind: kindForStatus(status),
        status,
        detail,
        retryAfterMs,
        retryable: isRetryableStatus(status),
        message: this.redact(messageForStatus(status, detail, retryAfterMs, context)),
        context,
      }),
    );
  }

  private errorDetail(body: string): string | null {
    const json = jsonOf(body)?.json; // not JSON: e.g. an HTML error page from a proxy, nothing a person should read
    if (json === undefined || json === null || typeof json !== "object" || Array.isArray(json)) return null;
    const text = detailText((json as Record<string, unknown>)["detail"]);
    return text === null ? null : this.redact(text.length > 500 ? `${text.slice(0, 500)}…` : text);
  }

  private networkError(thrown: unknown, context: RequestContext): LeadsApiError {
    // A spent quota: nothing was sent and retrying within this execution cannot help: one attempt,
    // then the caller leaves the work for a later pass.
    const quota = thrown instanceof QuotaExceededError ? thrown.quota : null;
    return new LeadsApiError({
      kind: quota === null ? "network" : "quota",
      message: quota === null ? NETWORK_MESSAGE : quotaMessage(quota),
      detail: this.redact(thrown instanceof Error ? thrown.message : String(thrown)),
      retryable: quota === null,
      context,
    });
  }

  /** Defence in depth: the key is never put into messages, but text copied from elsewhere might hold it. */
  private redact(text: string): string {
    return redact(text, this.settings.apiKey);
  }
}

/** The JSON a response body holds, or null when it is not JSON: the one place an answer is parsed. */
function jsonOf(body: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(body) };
  } catch {
    return null;
  }
}
