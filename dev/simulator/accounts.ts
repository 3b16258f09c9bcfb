// This file defines accounts, plans and API keys: who a key belongs to, what the plan allows,
// and the Account resource of GET /account.
import type { CreateAccountOptions, JsonObject, PlanCode, SubscriptionStatus } from "./types";

export interface PlanInfo {
  code: PlanCode;
  name: string;
  allowance: number;
  billingInterval: string;
}

export const PLANS: Record<PlanCode, PlanInfo> = {
  free: { code: "free", name: "Free", allowance: 100, billingInterval: "none" },
  starter: { code: "starter", name: "Starter", allowance: 1000, billingInterval: "month" },
  growth: { code: "growth", name: "Growth", allowance: 10000, billingInterval: "month" },
  scale: { code: "scale", name: "Scale", allowance: 50000, billingInterval: "month" },
};

/** The product ceiling on one job (maxResults or businesses). */
export const PRODUCT_MAX_JOB_SIZE = 700;
export const FREE_JOB_SIZE = 100;
export const DEFAULT_MAX_ACTIVE_JOBS = 10;
export const DEFAULT_RATE_LIMIT = 1000;

export interface AccountRecord {
  id: string;
  plan: PlanCode;
  status: SubscriptionStatus;
  creditsAllowance: number;
  creditsRemaining: number;
  freeSearchUsed: boolean;
  maxActiveJobs: number;
  rateLimit: number;
  createdAt: number;
}

export function isPaid(account: AccountRecord): boolean {
  return account.plan !== "free";
}

export function isSubscriptionActive(account: AccountRecord): boolean {
  return account.status === "active" || account.status === "trialing";
}

export function maxResultsPerSearch(account: AccountRecord): number {
  if (!isPaid(account)) return FREE_JOB_SIZE;
  return isSubscriptionActive(account) ? PRODUCT_MAX_JOB_SIZE : 0;
}

export interface AccountActivity {
  searchesCreated: number;
  activeJobs: number;
  leadsFound: number;
}

const DAY_MS = 86_400_000;

/** The Account resource: every field of the spec. */
export function renderAccount(account: AccountRecord, activity: AccountActivity): JsonObject {
  const plan = PLANS[account.plan];
  return {
    plan_code: plan.code,
    plan_name: plan.name,
    status: account.status,
    billing_interval: plan.billingInterval,
    credits_allowance: account.creditsAllowance,
    credits_remaining: account.creditsRemaining,
    max_results_per_search: maxResultsPerSearch(account),
    free_search_used: account.freeSearchUsed,
    payment_customer: isPaid(account),
    current_period_end: new Date(account.createdAt + 30 * DAY_MS).toISOString(),
    cancel_at_period_end: account.status === "canceled",
    pause_collection: account.status === "paused",
    pause_resumes_at: account.status === "paused" ? new Date(account.createdAt + 14 * DAY_MS).toISOString() : null,
    cancellation_coupon_applied: false,
    searches_created: activity.searchesCreated,
    active_searches: activity.activeJobs,
    leads_found: activity.leadsFound,
  };
}

export type AuthResult = { ok: true; account: AccountRecord } | { ok: false; detail: string };

interface KeyRecord {
  accountId: string;
  revoked: boolean;
}

/** Accounts by id and keys by value; several keys may share one account. */
export class AccountStore {
  private readonly accounts = new Map<string, AccountRecord>();
  private readonly keys = new Map<string, KeyRecord>();

  create(id: string, apiKey: string, options: CreateAccountOptions, now: number): AccountRecord {
    if (this.accounts.has(id)) throw new Error(`account ${id} already exists`);
    const plan = PLANS[options.plan];
    if (plan === undefined) throw new Error(`unknown plan ${String(options.plan)}`);
    const freeUsed = options.plan === "free" && options.freeSearchUsed === true;
    const account: AccountRecord = {
      id,
      plan: options.plan,
      status: options.status ?? "active",
      creditsAllowance: plan.allowance,
      creditsRemaining: options.credits ?? (freeUsed ? 0 : plan.allowance),
      freeSearchUsed: freeUsed,
      maxActiveJobs: options.maxActiveJobs ?? DEFAULT_MAX_ACTIVE_JOBS,
      rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
      createdAt: now,
    };
    this.accounts.set(id, account);
    this.addKey(id, apiKey);
    return account;
  }

  addKey(accountId: string, apiKey: string): void {
    if (!this.accounts.has(accountId)) throw new Error(`unknown account ${accountId}`);
    if (this.keys.has(apiKey)) throw new Error("API key already exists");
    this.keys.set(apiKey, { accountId, revoked: false });
  }

  revokeKey(apiKey: string): boolean {
    const key = this.keys.get(apiKey);
    if (key === undefined) return false;
    key.revoked = true;
    return true;
  }

  get(accountId: string): AccountRecord | undefined {
    return this.accounts.get(accountId);
  }

  all(): AccountRecord[] {
    return [...this.accounts.values()];
  }

  authenticate(apiKey: string | undefined): AuthResult {
    if (apiKey === undefined || apiKey === "") return { ok: false, detail: "Missing API key: send it in the x-api-key header" };
    const key = this.keys.get(apiKey);
    if (key === undefined) return { ok: false, detail: "Invalid API key" };
    if (key.revoked) return { ok: false, detail: "API key has been revoked" };
    const account = this.accounts.get(key.accountId);
    if (account === undefined) return { ok: false, detail: "Invalid API key" };
    return { ok: true, account };
  }
}
