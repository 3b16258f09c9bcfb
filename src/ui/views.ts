// This file defines AccountView, the plain JSON shape of the account the sidebar shows (docs/add-on-surface.md, "The shapes the sidebar reads").
import { maxAffordableResults } from "../api/account";
import type { Account } from "../api/schemas";

export interface AccountView {
  planCode: string;
  planName: string;
  status: string;
  creditsRemaining: number;
  creditsAllowance: number;
  maxResultsPerSearch: number;
  maxAffordableResults: number;
  freeSearchUsed: boolean;
  activeSearches: number;
}

export function toAccountView(account: Account): AccountView {
  return {
    planCode: account.plan_code,
    planName: account.plan_name,
    status: account.status,
    creditsRemaining: account.credits_remaining,
    creditsAllowance: account.credits_allowance,
    maxResultsPerSearch: account.max_results_per_search,
    maxAffordableResults: maxAffordableResults(account),
    freeSearchUsed: account.free_search_used,
    activeSearches: account.active_searches,
  };
}
