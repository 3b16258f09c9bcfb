// This file defines simControl: a typed client of the /__sim/ control endpoints, for a simulator
// served over HTTP (in a worker thread or another process); a read is made again if its connection closes.
import { fetchLocal } from "../local-fetch";
import type { CreateAccountOptions, CreatedAccount, FaultRule, JsonObject, SimStats } from "./types";

export interface SimControl {
  createAccount(options: CreateAccountOptions): Promise<CreatedAccount>;
  addKey(accountId: string): Promise<string>;
  revokeKey(apiKey: string): Promise<boolean>;
  injectFaults(rules: readonly FaultRule[]): Promise<void>;
  clearFaults(): Promise<void>;
  failJob(jobId: string, error?: string): Promise<void>;
  setFoundCount(jobId: string, count: number): Promise<void>;
  renameJob(jobId: string, name: string): Promise<void>;
  addDashboardSearch(accountId: string, query: string, location: string, maxResults?: number): Promise<string>;
  account(accountId: string): Promise<JsonObject>;
  job(jobId: string): Promise<JsonObject>;
  stats(): Promise<SimStats>;
  reset(): Promise<void>;
}

/** `baseUrl` is the simulator's base_url (as returned by startSimulatorServer/Worker). */
export function simControl(baseUrl: string): SimControl {
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const init: RequestInit = { method, headers: { "content-type": "application/json" } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const res = await fetchLocal(`${baseUrl}/__sim${path}`, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`simulator control ${method} ${path} failed: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
  return {
    createAccount: (options) => call<CreatedAccount>("POST", "/accounts", options),
    addKey: async (accountId) => (await call<{ apiKey: string }>("POST", "/keys", { accountId })).apiKey,
    revokeKey: async (apiKey) => (await call<{ revoked: boolean }>("POST", "/revoke-key", { apiKey })).revoked,
    injectFaults: async (rules) => void (await call("POST", "/faults", { rules })),
    clearFaults: async () => void (await call("POST", "/clear-faults", {})),
    failJob: async (jobId, error) => void (await call("POST", "/fail-job", error === undefined ? { jobId } : { jobId, error })),
    setFoundCount: async (jobId, count) => void (await call("POST", "/found-count", { jobId, count })),
    renameJob: async (jobId, name) => void (await call("POST", "/rename-job", { jobId, name })),
    addDashboardSearch: async (accountId, query, location, maxResults) =>
      (await call<{ jobId: string }>("POST", "/dashboard-search", { accountId, query, location, maxResults })).jobId,
    account: (accountId) => call<JsonObject>("GET", `/accounts/${encodeURIComponent(accountId)}`),
    job: (jobId) => call<JsonObject>("GET", `/jobs/${encodeURIComponent(jobId)}`),
    stats: () => call<SimStats>("GET", "/stats"),
    reset: async () => void (await call("POST", "/reset", {})),
  };
}
