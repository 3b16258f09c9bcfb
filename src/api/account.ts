// This file defines what an account can afford, as the spec's Account section states it.
import type { SearchAllowance } from "../rules/affordability";
import type { Account } from "./schemas";

/**
 * The largest `maxResults` a new search can ask for: the smaller of `max_results_per_search`
 * and `credits_remaining`; a free account that used its one search can start none (0).
 */
export function maxAffordableResults(account: Account): number {
  if (account.plan_code === "free" && account.free_search_used) return 0;
  return Math.max(0, Math.min(account.max_results_per_search, account.credits_remaining));
}

/** The account's figures a search depends on, as the rules that word its limits take them. */
export function searchAllowance(account: Account): SearchAllowance {
  return {
    planCode: account.plan_code,
    freeSearchUsed: account.free_search_used,
    maxResultsPerSearch: account.max_results_per_search,
    creditsRemaining: account.credits_remaining,
    maxAffordableResults: maxAffordableResults(account),
  };
}
