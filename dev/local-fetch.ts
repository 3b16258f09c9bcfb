// This file defines fetchLocal: Node's fetch to the local simulator, where a read whose connection
// closes under it ("other side closed", seen on a loaded machine) is made again, at most twice more.
// Only a GET or HEAD to a loopback address is repeated (repeating it changes nothing); the body
// is read inside the attempt, so a connection lost mid-answer is repeated too.

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
const CLOSED_CONNECTION = new Set(["UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNRESET", "EPIPE"]);
/** Attempts in all, the first included. */
export const LOCAL_FETCH_ATTEMPTS = 3;
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * The code of a failed fetch's cause (undici wraps it in a TypeError, "fetch failed" or
 * "terminated"). Read by name, not instanceof: under jest the error comes from another realm.
 */
function causeCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null || !("name" in error) || error.name !== "TypeError" || !("cause" in error)) return null;
  const cause: unknown = error.cause;
  return typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : null;
}

/** Whether a failed request may be made again: a read of the local simulator whose connection closed. */
export function mayRepeat(url: string, method: string, error: unknown): boolean {
  const code = causeCode(error);
  return (method === "GET" || method === "HEAD") && LOOPBACK.has(new URL(url).hostname) && code !== null && CLOSED_CONNECTION.has(code);
}

/** fetch(), with the body read whole; a GET or HEAD to loopback whose connection closes is made again. */
export async function fetchLocal(url: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const res = await fetch(url, init);
      const body = NULL_BODY_STATUS.has(res.status) ? null : await res.arrayBuffer();
      return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    } catch (error) {
      if (attempt >= LOCAL_FETCH_ATTEMPTS || !mayRepeat(url, method, error)) throw error;
    }
  }
}
