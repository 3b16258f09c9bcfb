// This file defines the handlers' reply type and the helpers that build replies and errors.
import type { Json } from "./types";

export interface Reply {
  status: number;
  body: Json;
  headers?: Record<string, string>;
}

export function ok(body: Json, status = 200): Reply {
  return { status, body };
}

/** Every error has the spec's form `{ "detail": <string> }`. */
export function fail(status: number, detail: string, headers?: Record<string, string>): Reply {
  return headers === undefined ? { status, body: { detail } } : { status, body: { detail }, headers };
}
