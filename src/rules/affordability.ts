// This file defines what an account allows a search, in the sentences both the server (a refused start) and the sidebar (the search
// form, ahead of sending) say: one function over the account's plain figures, so the two never word it differently.
import { groupDigits } from "./numbers";
import { FREE_SEARCH_CREDITS, REQUEST_LIMITS } from "./request-limits";

/** The account's figures a search depends on (the sidebar's AccountView has them under these names). */
export interface SearchAllowance {
  planCode: string;
  freeSearchUsed: boolean;
  maxResultsPerSearch: number;
  creditsRemaining: number;
  /** The largest maxResults a new search can ask for (src/api/account.ts maxAffordableResults). */
  maxAffordableResults: number;
}

/** What a search of `maxResults` reserves (spec: a free search 100, a paid one maxResults). */
export const searchCost = (account: Pick<SearchAllowance, "planCode">, maxResults: number): number =>
  account.planCode === "free" ? FREE_SEARCH_CREDITS : maxResults;

/** Why no search at all can start on the account, or null when one can. */
export function searchBlocked(account: SearchAllowance): string | null {
  const min = REQUEST_LIMITS.minResults;
  if (account.planCode === "free" && account.freeSearchUsed)
    return "The free plan's one search has been used. Choose a paid plan to search again.";
  if (account.maxResultsPerSearch === 0) return "Your subscription is not active, so searches are paused. Renew the plan to search again.";
  if (Math.min(REQUEST_LIMITS.maxResults, account.maxAffordableResults) < min)
    return `Not enough credits: ${groupDigits(account.creditsRemaining)} remain, and a search needs at least ${min}.`;
  return null;
}

/** The account's limit for a search of `maxResults`, as a message when it cannot be met. */
export function affordabilityProblem(account: SearchAllowance, maxResults: number): string | null {
  const blocked = searchBlocked(account);
  if (blocked !== null) return blocked;
  const affordable = account.maxAffordableResults;
  if (maxResults <= affordable) return null;
  const why =
    affordable === account.creditsRemaining && account.creditsRemaining < account.maxResultsPerSearch
      ? `you have ${account.creditsRemaining} credits`
      : `your plan allows ${account.maxResultsPerSearch} per search`;
  return `This search can return at most ${affordable} businesses (${why}). Lower Max results to ${affordable} or less.`;
}

/**
 * Why a territory (`searches` searches of up to `maxResults` each, queries × places) cannot start
 * on the account, or null: every search must be affordable before any is sent.
 */
export function territoryProblem(account: SearchAllowance, searches: number, maxResults: number): string | null {
  if (account.planCode === "free")
    return (
      `A free account's one search cannot be a territory of ${searches} searches: search one query in one ` +
      "place, or choose a paid plan."
    );
  const blocked = searchBlocked(account);
  if (blocked !== null) return blocked;
  if (maxResults > account.maxResultsPerSearch)
    return (
      `Your plan allows ${account.maxResultsPerSearch} results per search: lower Max results ` +
      `to ${account.maxResultsPerSearch} or less.`
    );
  const needed = searches * maxResults;
  if (needed <= account.creditsRemaining) return null;
  return (
    `Not enough credits: these ${groupDigits(searches)} searches need up to ${groupDigits(needed)} credits ` +
    `(${groupDigits(searches)} × ${groupDigits(maxResults)}), and ${groupDigits(account.creditsRemaining)} remain. Remove queries or ` +
    "places, or lower Max results."
  );
}
