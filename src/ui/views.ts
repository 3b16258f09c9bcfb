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
  return {
    ...searchAllowance(account),
    planName: account.plan_name,
    status: account.status,
    creditsAllowance: account.credits_allowance,
    activeSearches: account.active_searches,
  };
}
