// This file defines what crosses between the UrlFetchApp fake and its HTTP worker thread:
// plain, structured-clonable requests and results (bodies as base64, so bytes survive).

export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Base64 of the body bytes; absent for no body. */
  body?: string;
  followRedirects: boolean;
  validateHttpsCertificates: boolean;
  timeoutMs: number;
}

export type WireResult =
  | { ok: true; status: number; headers: [string, string][]; body: string; finalUrl: string }
  | { ok: false; code: string; message: string };

export const REDIRECT_LIMIT = 10;
