// This file defines the control endpoints under /__sim/ that drive a simulator over HTTP (used
// when it runs in a worker thread or another process): accounts, keys, faults, jobs, stats, reset.
import { DEMO_KEYS } from "./demo";
import type { Simulator } from "./simulator";
import type { CreateAccountOptions, FaultRule, Json, PlanCode, SubscriptionStatus } from "./types";

export const CONTROL_PREFIX = "/__sim";

export interface ControlReply {
  status: number;
  body: Json;
}

class BadControl extends Error {}

function object(body: string | undefined): Record<string, unknown> {
  if (body === undefined || body.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BadControl("invalid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new BadControl("body must be a JSON object");
  return parsed as Record<string, unknown>;
}

function str(o: Record<string, unknown>, key: string): string {
  const v = o[key];
  if (typeof v !== "string") throw new BadControl(`${key}: string required`);
  return v;
}

function optStr(o: Record<string, unknown>, key: string): string | undefined {
  return o[key] === undefined ? undefined : str(o, key);
}

function optNum(o: Record<string, unknown>, key: string): number | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== "number") throw new BadControl(`${key}: number required`);
  return v;
}

function optBool(o: Record<string, unknown>, key: string): boolean | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== "boolean") throw new BadControl(`${key}: boolean required`);
  return v;
}

const PLANS: readonly PlanCode[] = ["free", "starter", "growth", "scale"];
const STATUSES: readonly SubscriptionStatus[] = ["active", "trialing", "past_due", "canceled", "unpaid", "incomplete", "paused"];

function accountOptions(o: Record<string, unknown>): CreateAccountOptions {
  const plan = str(o, "plan");
  const planCode = PLANS.find((p) => p === plan);
  if (planCode === undefined) throw new BadControl(`plan: one of ${PLANS.join(", ")}`);
  const options: CreateAccountOptions = { plan: planCode };
  const status = optStr(o, "status");
  if (status !== undefined) {
    const s = STATUSES.find((x) => x === status);
    if (s === undefined) throw new BadControl(`status: one of ${STATUSES.join(", ")}`);
    options.status = s;
  }
  const credits = optNum(o, "credits");
  if (credits !== undefined) options.credits = credits;
  const maxActiveJobs = optNum(o, "maxActiveJobs");
  if (maxActiveJobs !== undefined) options.maxActiveJobs = maxActiveJobs;
  const freeSearchUsed = optBool(o, "freeSearchUsed");
  if (freeSearchUsed !== undefined) options.freeSearchUsed = freeSearchUsed;
  const rateLimit = optNum(o, "rateLimit");
  if (rateLimit !== undefined) options.rateLimit = rateLimit;
  return options;
}

function faultRules(o: Record<string, unknown>): FaultRule[] {
  const rules = o["rules"];
  if (!Array.isArray(rules)) throw new BadControl("rules: array required");
  // Rules are plain data; FaultInjector checks what it relies on.
  return rules.map((r: unknown) => {
    if (typeof r !== "object" || r === null) throw new BadControl("rules[]: object required");
    return r as FaultRule;
  });
}

/** Serves one control request; `path` starts with /__sim. */
export function handleControl(sim: Simulator, method: string, path: string, body: string | undefined): ControlReply {
  const route = `${method.toUpperCase()} ${path.split("?")[0] ?? ""}`;
  try {
    const o = method.toUpperCase() === "POST" ? object(body) : {};
    switch (route) {
      case "POST /__sim/accounts":
        return { status: 200, body: { ...sim.createAccount(accountOptions(o)) } };
      case "POST /__sim/keys":
        return { status: 200, body: { apiKey: sim.addKey(str(o, "accountId")) } };
      case "POST /__sim/revoke-key":
        return { status: 200, body: { revoked: sim.revokeKey(str(o, "apiKey")) } };
      case "POST /__sim/faults":
        sim.injectFaults(faultRules(o));
        return { status: 200, body: { ok: true } };
      case "POST /__sim/clear-faults":
        sim.clearFaults();
        return { status: 200, body: { ok: true } };
      case "POST /__sim/fail-job":
        sim.failJob(str(o, "jobId"), optStr(o, "error"));
        return { status: 200, body: { ok: true } };
      case "POST /__sim/rename-job":
        sim.renameJob(str(o, "jobId"), str(o, "name"));
        return { status: 200, body: { ok: true } };
      case "POST /__sim/found-count":
        sim.setFoundCount(str(o, "jobId"), optNum(o, "count") ?? 0);
        return { status: 200, body: { ok: true } };
      case "POST /__sim/dashboard-search":
        return {
          status: 200,
          body: { jobId: sim.addDashboardSearch(str(o, "accountId"), str(o, "query"), str(o, "location"), optNum(o, "maxResults")) },
        };
      case "POST /__sim/reset":
        sim.reset();
        return { status: 200, body: { ok: true } };
      case "GET /__sim/stats":
        return { status: 200, body: { ...sim.stats() } };
      case "GET /__sim/demo-keys":
        return { status: 200, body: JSON.parse(JSON.stringify(DEMO_KEYS)) as Json };
      default: {
        const account = /^GET \/__sim\/accounts\/([^/]+)$/.exec(route);
        if (account?.[1] !== undefined) return { status: 200, body: sim.account(decodeURIComponent(account[1])) };
        const job = /^GET \/__sim\/jobs\/([^/]+)$/.exec(route);
        if (job?.[1] !== undefined) return { status: 200, body: sim.job(decodeURIComponent(job[1])) };
        return { status: 404, body: { detail: `unknown control endpoint ${route}` } };
      }
    }
  } catch (error) {
    return { status: 400, body: { detail: error instanceof Error ? error.message : String(error) } };
  }
}
