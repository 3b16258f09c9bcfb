// This file defines UrlFetchTransport: the client's Transport over Apps Script's UrlFetchApp.
import { QuotaExceededError, type HttpRequest, type HttpResponse, type QuotaKind, type Transport } from "../api/transport";

/** The part of UrlFetchApp the transport uses, so tests can hand in a small fake. */
export type UrlFetchService = Pick<GoogleAppsScript.URL_Fetch.UrlFetchApp, "fetch" | "fetchAll">;

/**
 * Every HTTP status comes back as a response (`muteHttpExceptions`), so only a real network
 * failure (DNS, refused, timeout…) throws, which is what the Transport contract asks.
 */
export class UrlFetchTransport implements Transport {
  constructor(private readonly urlFetch: UrlFetchService) {}

  fetch(request: HttpRequest): HttpResponse {
    return toHttpResponse(this.guard(() => this.urlFetch.fetch(request.url, this.params(request))));
  }

  fetchAll(requests: HttpRequest[]): HttpResponse[] {
    if (requests.length === 0) return [];
    const batch = requests.map((request): GoogleAppsScript.URL_Fetch.URLFetchRequest => ({ url: request.url, ...this.params(request) }));
    return this.guard(() => this.urlFetch.fetchAll(batch)).map(toHttpResponse);
  }

  private params(request: HttpRequest): GoogleAppsScript.URL_Fetch.URLFetchRequestOptions {
    // UrlFetchApp takes the content type as its own option; a Content-Type header would be
    // overridden by it, so it is moved there.
    const headers: GoogleAppsScript.URL_Fetch.HttpHeaders = {};
    let contentType: string | undefined;
    for (const name of Object.keys(request.headers)) {
      const value = request.headers[name];
      if (value === undefined) continue;
      if (name.toLowerCase() === "content-type") contentType = value;
      else headers[name] = value;
    }
    const params: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions = {
      method: request.method === "POST" ? "post" : "get",
      headers,
      muteHttpExceptions: true,
      // Follow redirects (e.g. http → https) like a browser would.
      followRedirects: true,
    };
    if (request.body !== undefined) {
      params.payload = request.body;
      contentType ??= "application/json";
    }
    if (contentType !== undefined) params.contentType = contentType;
    return params;
  }

  /** A throw from UrlFetchApp is a spent quota or a network failure; rethrown as which it is. */
  private guard<T>(call: () => T): T {
    try {
      return call();
    } catch (thrown) {
      const text = thrown instanceof Error ? thrown.message : String(thrown);
      const quota = quotaKind(text);
      if (quota !== null) throw new QuotaExceededError(quota, text);
      throw new Error(`Network failure: ${text}`);
    }
  }
}

/**
 * Apps Script's quota exceptions, by their documented wording: "Service invoked too many times
 * for one day: urlfetch." and "Bandwidth quota exceeded: <url>…".
 */
export function quotaKind(message: string): QuotaKind | null {
  if (/Service invoked too many times for one day:\s*urlfetch/i.test(message)) return "daily";
  if (/Bandwidth quota exceeded/i.test(message)) return "bandwidth";
  return null;
}

/** Lower-cased header names; a repeated header (string[]) is joined with ", " as HTTP allows. */
export function normalizeHeaders(all: object): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(all as Record<string, unknown>)) {
    const text = Array.isArray(value) ? value.map(String).join(", ") : value === undefined || value === null ? "" : String(value);
    const key = name.toLowerCase();
    const existing = headers[key];
    headers[key] = existing !== undefined && existing !== "" ? `${existing}, ${text}` : text;
  }
  return headers;
}

function toHttpResponse(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  return {
    status: response.getResponseCode(),
    headers: normalizeHeaders(response.getAllHeaders()),
    // JSON is UTF-8 (RFC 8259) whatever charset the response header names or omits.
    body: response.getContentText("UTF-8"),
  };
}

/** The transport over this execution's UrlFetchApp. */
export const appsScriptTransport = (): Transport => new UrlFetchTransport(UrlFetchApp);
