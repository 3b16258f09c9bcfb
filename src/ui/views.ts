// This file defines AccountView, the plain JSON shape of the account the sidebar shows
// (docs/add-on-surface.md, "The shapes the sidebar reads").
import { searchAllowance } from "../api/account";
import type { Account } from "../api/schemas";
import type { SearchAllowance } from "../rules/affordability";

/** The allowance's figures (planCode, freeSearchUsed, maxResultsPerSearch, creditsRemaining, maxAffordableResults), and: */
export interface AccountView extends SearchAllowance {
  planName: string;
  status: string;
  creditsAllowance: number;
  activeSearches: number;
}

export function toAccountView(account: Account): AccountView {
  const allowance = searchAllowance(account);
  return {
    planCode: allowance.planCode,
    planName: account.plan_name,
    status: account.status,
    creditsRemaining: allowance.creditsRemaining,
    creditsAllowance: account.credits_allowance,
    maxResultsPerSearch: allowance.maxResultsPerSearch,
    maxAffordableResults: allowance.maxAffordableResults,
    freeSearchUsed: allowance.freeSearchUsed,
    activeSearches: account.active_searches,
  };
}
