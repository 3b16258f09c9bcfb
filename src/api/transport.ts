// This file defines the synchronous HTTP transport the service client talks through.
// The client knows nothing of Apps Script: src/gas/ adapts UrlFetchApp to this interface,
// tests adapt the simulator to it.

export type HttpMethod = "GET" | "POST";

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL, query string included. */
  url: string;
  headers: Record<string, string>;
  /** JSON text for POST bodies. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Header names lower-cased, so lookups are case-insensitive. */
  headers: Record<string, string>;
  body: string;
}

/** Which platform quota refused a request. */
export type QuotaKind = "daily" | "bandwidth";

/**
 * The platform refused to send the request because a quota is spent (Apps Script's UrlFetch
 * calls per day, or its bandwidth): nothing reached the service, and trying again within this
 * execution cannot help. Transports throw it instead of a network failure.
 */
export class QuotaExceededError extends Error {
  constructor(
    readonly quota: QuotaKind,
    message: string,
  ) {
    super(message);
    this.name = "QuotaExceededError";
  }
}

/**
 * A synchronous transport. Any HTTP status is a response (never thrown); a network failure
 * (refused, reset, lost response, timeout) throws; a spent quota throws QuotaExceededError. `fetchAll` sends a batch in one round trip
 * and, like UrlFetchApp.fetchAll, throws if any request of the batch fails at the network level.
 */
export interface Transport {
  fetch(request: HttpRequest): HttpResponse;
  fetchAll(requests: HttpRequest[]): HttpResponse[];
}
