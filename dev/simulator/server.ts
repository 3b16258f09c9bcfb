// This file defines the HTTP server in front of a Simulator: /api/v1/... for clients and /__sim/...
// for control, on loopback only. A lost response destroys the socket without answering.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { CONTROL_PREFIX, handleControl } from "./control";
import type { Simulator } from "./simulator";
import type { SimRequest } from "./types";

export interface SimulatorServer {
  /** The service's base_url (append /api/v1/... to it). */
  url: string;
  close(): Promise<void>;
}

export interface SimulatorServerOptions {
  simulator: Simulator;
  /** Loopback only: "127.0.0.1" (default), "localhost" or "::1". */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function send(res: http.ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  const bytes = Buffer.from(body, "utf8");
  res.writeHead(status, { ...headers, "content-length": String(bytes.length) });
  res.end(bytes);
}

async function serve(simulator: Simulator, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  const path = req.url ?? "/";
  const body = await readBody(req);
  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
    const reply = handleControl(simulator, method, path, body);
    send(res, reply.status, { "content-type": "application/json" }, JSON.stringify(reply.body));
    return;
  }
  const simRequest: SimRequest = { method, path, headers: flatHeaders(req.headers) };
  if (body !== "") simRequest.body = body;
  const response = simulator.handle(simRequest);
  if (response.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, response.delayMs));
  if (response.lost === true) {
    req.socket.destroy();
    return;
  }
  send(res, response.status, response.headers, response.body);
}

export function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const host = options.host ?? "127.0.0.1";
  if (!LOOPBACK.has(host)) return Promise.reject(new Error(`the simulator listens on loopback only, not ${host}`));
  const server = http.createServer((req, res) => {
    serve(options.simulator, req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, { "content-type": "application/json" }, JSON.stringify({ detail: `simulator error: ${String(error)}` }));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      const address = server.address() as AddressInfo;
      const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
