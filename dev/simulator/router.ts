// This file defines the route table of /api/v1: method, path pattern and handler per endpoint.
import type { AccountRecord } from "./accounts";
import { createJob } from "./create";
import { getAccount, getBusiness, getJob, getLocations, getResults, listJobs } from "./reads";
import type { Reply } from "./reply";
import type { SimState } from "./state";
import type { SimRequest } from "./types";

export const API_PREFIX = "/api/v1";

export interface RouteContext {
  state: SimState;
  account: AccountRecord;
  req: SimRequest;
  /** Path parameters, decoded. */
  params: string[];
  query: URLSearchParams;
}

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  handle(ctx: RouteContext): Reply;
}

const SEGMENT = "([^/]+)";

export const ROUTES: readonly Route[] = [
  { method: "POST", pattern: /^\/searches$/, handle: (c) => createJob(c.state, c.account, c.req, "search") },
  { method: "GET", pattern: /^\/searches$/, handle: (c) => listJobs(c.state, c.account, "search", c.query) },
  { method: "GET", pattern: new RegExp(`^/searches/${SEGMENT}$`), handle: (c) => getJob(c.state, c.account, "search", c.params[0] ?? "") },
  {
    method: "GET",
    pattern: new RegExp(`^/searches/${SEGMENT}/results$`),
    handle: (c) => getResults(c.state, c.account, "search", c.params[0] ?? "", c.query),
  },
  { method: "POST", pattern: /^\/enrichments$/, handle: (c) => createJob(c.state, c.account, c.req, "enrichment") },
  { method: "GET", pattern: /^\/enrichments$/, handle: (c) => listJobs(c.state, c.account, "enrichment", c.query) },
  {
    method: "GET",
    pattern: new RegExp(`^/enrichments/${SEGMENT}$`),
    handle: (c) => getJob(c.state, c.account, "enrichment", c.params[0] ?? ""),
  },
  {
    method: "GET",
    pattern: new RegExp(`^/enrichments/${SEGMENT}/results$`),
    handle: (c) => getResults(c.state, c.account, "enrichment", c.params[0] ?? "", c.query),
  },
  { method: "GET", pattern: new RegExp(`^/businesses/${SEGMENT}$`), handle: (c) => getBusiness(c.state, c.account, c.params[0] ?? "") },
  { method: "GET", pattern: /^\/locations$/, handle: (c) => getLocations(c.query) },
  { method: "GET", pattern: /^\/account$/, handle: (c) => getAccount(c.state, c.account) },
];

export type RouteMatch =
  | { kind: "found"; route: Route; params: string[] }
  | { kind: "not-found" }
  | { kind: "method-not-allowed"; allow: string };

/** `path` is relative to /api/v1, without query. */
export function matchRoute(method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (m === null) continue;
    if (route.method !== method.toUpperCase()) {
      allowed.push(route.method);
      continue;
    }
    const params = m.slice(1).map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });
    return { kind: "found", route, params };
  }
  return allowed.length > 0 ? { kind: "method-not-allowed", allow: allowed.join(", ") } : { kind: "not-found" };
}

const UUID_SEGMENT = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;

/** "GET /api/v1/searches/{id}/results": the stats key of a request. */
export function routeKey(method: string, fullPath: string): string {
  const path = fullPath.split("?")[0] ?? "";
  return `${method.toUpperCase()} ${path.replace(UUID_SEGMENT, "/{id}")}`;
}
