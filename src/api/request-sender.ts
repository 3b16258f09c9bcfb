// This file defines RequestSender, the core of the service client: it sends PreparedRequests over a Transport, alone or in one round
// trip, retries them (runWithRetries), and turns each answer into a value or a LeadsApiError, with the API key kept out of every message.
import type { Clock } from "../rules/clock";
import { QuotaExceededError, type HttpRequest, type HttpResponse, type Transport } from "./transport";
import { WorkInterrupted } from "../errors/interruptions";
import {
  LeadsApiError,
  ResponseShapeError,
  detailText,
  invalidJsonMessage,
  isRetryableStatus,
  kindForStatus,
  messageForStatus,
  networkMessage,
  quotaMessage,
  shapeMessage,
  type RequestContext,
} from "./errors";
import { redact } from "../rules/redaction";
import { parseRetryAfter, runWithRetries, type Outcome, type RetryPolicy } from "./retry";
import type { PreparedRequest } from "./requests";

/** A case-insensitive header lookup (the Transport promises lower-case names; be tolerant). */
function headerValue(headers: Record<string, string>, name: string): string | null {
  const direct = headers[name];
  if (direct !== undefined) return direct;
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === lower) return headers[key] ?? null;
  }
  return null;
}

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
      () => {
        let response: HttpResponse;
        try {
          response = this.settings.transport.fetch(this.httpRequest(request));
        } catch (thrown) {
          if (thrown instanceof WorkInterrupted) throw thrown;
          return [{ ok: false, error: this.networkError(thrown, request.context) }];
        }
        return [this.interpret(request, response)];
      },
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
      (pending) => {
        const items = pending.map((index) => requests[index] as PreparedRequest<unknown>);
        let responses: HttpResponse[];
        try {
          responses = this.settings.transport.fetchAll(items.map((item) => this.httpRequest(item)));
        } catch (thrown) {
          if (thrown instanceof WorkInterrupted) throw thrown;
          return items.map((item) => ({ ok: false, error: this.networkError(thrown, item.context) }));
        }
        return items.map((item, i) => {
          const response = responses[i];
          if (response === undefined) {
            return { ok: false, error: this.networkError(new Error("no response in batch"), item.context) };
          }
          return this.interpret(item, response);
        });
      },
      this.retryEnvironment(options),
    );
    return outcomes as unknown as BatchResults<R>;
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

  private httpRequest(request: PreparedRequest<unknown>): HttpRequest {
    const headers: Record<string, string> = {
      Accept: "application/json",
      "x-api-key": this.settings.apiKey,
    };
    if (request.body !== undefined) headers["Content-Type"] = "application/json";
    if (request.idempotencyKey !== undefined) headers["Idempotency-Key"] = request.idempotencyKey;
    const http: HttpRequest = { method: request.method, url: this.settings.root + request.path, headers };
    if (request.body !== undefined) http.body = request.body;
    return http;
  }

  /** Any HTTP answer → value or error. Never throws. */
  private interpret<T>(request: PreparedRequest<T>, response: HttpResponse): Outcome<T> {
    const headers = response.headers ?? {};
    const context = request.context;
    const status = response.status;

    if (status >= 200 && status < 300) {
      const parsed = jsonOf(response.body);
      if (parsed === null) {
        // A cut-off body is a transport accident, not the service's answer: worth another try.
        return {
          ok: false,
          error: new LeadsApiError({ kind: "bad_response", status, message: invalidJsonMessage(), retryable: true, context }),
        };
      }
      const shaped = request.parse(parsed.json);
      if (shaped.ok) return { ok: true, value: shaped.value };
      const issues = shaped.issues.map((issue) => ({ path: this.redact(issue.path), message: this.redact(issue.message) }));
      return {
        ok: false,
        error: new ResponseShapeError({ kind: "bad_response", status, message: shapeMessage(issues), issues, context }),
      };
    }

    const detail = this.errorDetail(response.body);
    const retryAfterMs = parseRetryAfter(headerValue(headers, "retry-after"), this.settings.clock.now());
    return {
      ok: false,
      error: new LeadsApiError({
        kind: kindForStatus(status),
        status,
        detail,
        retryAfterMs,
        retryable: isRetryableStatus(status),
        message: this.redact(messageForStatus(status, detail, retryAfterMs, context)),
        context,
      }),
    };
  }

  private errorDetail(body: string): string | null {
    const json = jsonOf(body)?.json; // not JSON: e.g. an HTML error page from a proxy, nothing a person should read
    if (json === undefined || json === null || typeof json !== "object" || Array.isArray(json)) return null;
    const text = detailText((json as Record<string, unknown>)["detail"]);
    return text === null ? null : this.redact(text.length > 500 ? `${text.slice(0, 500)}…` : text);
  }

  private networkError(thrown: unknown, context: RequestContext): LeadsApiError {
    const text = thrown instanceof Error ? thrown.message : String(thrown);
    if (thrown instanceof QuotaExceededError) {
      // Nothing was sent and retrying within this execution cannot help: one attempt, then the
      // caller leaves the work for a later pass.
      return new LeadsApiError({
        kind: "quota",
        message: quotaMessage(thrown.quota),
        detail: this.redact(text),
        retryable: false,
        context,
      });
    }
    return new LeadsApiError({
      kind: "network",
      message: networkMessage(),
      detail: this.redact(text),
      retryable: true,
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
