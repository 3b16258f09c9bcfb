// This file defines the demo accounts every simulator starts with, and their fixed API keys.
import type { CreateAccountOptions } from "./types";

export interface DemoKey {
  apiKey: string;
  accountId: string;
  purpose: string;
  /** Set on the key that creates the account; extra keys of an account leave it out. */
  account?: CreateAccountOptions;
  revoked?: boolean;
}

/** The fixed demo keys, what each is for. Listed in creation order. */
export const DEMO_KEYS = {
  growth: {
    apiKey: "demo-growth",
    accountId: "acct_demo_growth",
    purpose:
      "Growth plan, active, 10000 credits, 25 jobs at a time: the everyday key, saved when the playground starts (also owns one " +
      "completed dashboard search, absent from GET /searches)",
    account: { plan: "growth", credits: 10000, maxActiveJobs: 25 },
  },
  growthSecondKey: {
    apiKey: "demo-growth-2",
    accountId: "acct_demo_growth",
    purpose: "A second key of the growth account: same jobs, credits and rate limit",
  },
  oneJob: {
    apiKey: "demo-one-job",
    accountId: "acct_demo_one_job",
    purpose:
      "Growth plan, active, 10000 credits, 1 job at a time: to watch what waits (a long list's rows waiting to be sent, " +
      "a territory's waiting searches) and Stop",
    account: { plan: "growth", credits: 10000, maxActiveJobs: 1 },
  },
  starterLow: {
    apiKey: "demo-starter-low",
    accountId: "acct_demo_starter_low",
    purpose: "Starter plan, active, 150 credits: one 100-result search fits, the next is 402",
    account: { plan: "starter", credits: 150 },
  },
  free: {
    apiKey: "demo-free",
    accountId: "acct_demo_free",
    purpose: "Free plan, unused: one search or enrichment of up to 100 businesses (100 credits)",
    account: { plan: "free" },
  },
  freeUsed: {
    apiKey: "demo-free-used",
    accountId: "acct_demo_free_used",
    purpose: "Free plan, free job already used: creation is 402 (0 credits remain)",
    account: { plan: "free", freeSearchUsed: true },
  },
  inactive: {
    apiKey: "demo-inactive",
    accountId: "acct_demo_inactive",
    purpose: "Growth plan, subscription past_due: max_results_per_search 0, creation is 402",
    account: { plan: "growth", status: "past_due", credits: 5000 },
  },
  other: {
    apiKey: "demo-other",
    accountId: "acct_demo_other",
    purpose: "Another growth account: its jobs and businesses are 404 to the other keys",
    account: { plan: "growth", credits: 10000 },
  },
  revoked: {
    apiKey: "demo-revoked",
    accountId: "acct_demo_other",
    purpose: "A revoked key of the other account: every request is 401",
    revoked: true,
  },
} as const satisfies Record<string, DemoKey>;
