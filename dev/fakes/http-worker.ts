// This file defines the worker thread behind the UrlFetchApp fake: it performs a batch of real
// HTTP requests in parallel with Node's http/https and hands the results back through synckit,
// so the fake can offer UrlFetchApp's synchronous API. Bundled by dev/bundle-worker.ts.
import * as http from "node:http";
import * as https from "node:https";
import { runAsWorker } from "synckit";
import { REDIRECT_LIMIT, type WireRequest, type WireResult } from "./http-wire";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

interface Reply {
  status: number;
  headers: [string, string][];
  body: Buffer;
  location: string | undefined;
}

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? "", raw[i + 1] ?? ""]);
  return out;
}

function once(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, request: WireRequest): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const transport = url.protocol === "https:" ? https : http;
    const sent = body === undefined ? headers : { ...headers, "Content-Length": String(body.length) };
    const req = transport.request(url, { method, headers: sent, rejectUnauthorized: request.validateHttpsCertificates }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: pairs(res.rawHeaders),
          body: Buffer.concat(chunks),
          location: res.headers.location,
        });
      });
      res.on("error", reject);
      res.on("aborted", () => reject(Object.assign(new Error("response aborted"), { code: "ECONNRESET" })));
    });
    req.setTimeout(request.timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function send(request: WireRequest): Promise<WireResult> {
  let url = new URL(request.url);
  let method = request.method;
  let body = request.body === undefined ? undefined : Buffer.from(request.body, "base64");
  const headers = { ...request.headers };
  try {
    for (let hop = 0; ; hop++) {
      const reply = await once(url, method, headers, body, request);
      const redirect = [301, 302, 303, 307, 308].includes(reply.status) && reply.location !== undefined;
      if (!request.followRedirects || !redirect || hop >= REDIRECT_LIMIT) {
        return { ok: true, status: reply.status, headers: reply.headers, body: reply.body.toString("base64"), finalUrl: url.toString() };
      }
      url = new URL(reply.location ?? "", url);
      if (!LOCAL_HOSTS.has(url.hostname)) return { ok: false, code: "ENOTLOCAL", message: `redirect to ${url.toString()}` };
      // Browsers and Google's fetcher turn a redirected POST into a GET for 301, 302 and 303.
      if (reply.status === 303 || ((reply.status === 301 || reply.status === 302) && method !== "GET" && method !== "HEAD")) {
        method = "GET";
        body = undefined;
        for (const name of Object.keys(headers)) if (/^content-(type|length)$/i.test(name)) delete headers[name];
      }
    }
  } catch (error) {
    const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "EUNKNOWN";
    return { ok: false, code, message: error instanceof Error ? error.message : String(error) };
  }
}

runAsWorker(async (requests: WireRequest[]): Promise<WireResult[]> => Promise.all(requests.map(send)));
