// This file defines the account as the sidebar shows it: one line at the top (plan · credits left, or why nothing can be searched),
// and in Settings the allowance as a bar, the largest affordable search and, on a free plan, whether its free search is used.
import type { SidebarState } from "./sidebar-state";
import { byId, h, replaceChildren, setProgress } from "./dom";
import { accountLine, creditsBar, groupDigits, searchBounds } from "./format";

export function accountPanel(state: SidebarState): void {
  const line = byId("account-line", HTMLElement);
  const details = byId("account-details", HTMLElement);
  const bar = byId("credits-bar", HTMLProgressElement);

  state.onAccount((account) => {
    details.hidden = account === null;
    const text = account ? accountLine(account) : state.hasKey ? "Business Leads" : "Business Leads: no API key yet";
    // Each part on one line ("9,800 credits left" is never cut); a narrow sidebar wraps between them.
    replaceChildren(line, ...text.split(" · ").flatMap((part, i) => [i > 0 ? " · " : null, h("span", { class: "part" }, part)]));
    if (!account) return;
    const credits = creditsBar(account);
    byId("account-credits", HTMLElement).textContent = credits.text;
    setProgress(bar, credits);
    const bounds = searchBounds(account);
    byId("account-affordable", HTMLElement).textContent =
      bounds.blocked ?? `Largest search you can afford: ${groupDigits(Math.min(bounds.max, account.maxAffordableResults))}`;
    // Only a free plan has a free search.
    byId("account-free", HTMLElement).textContent =
      account.planCode !== "free"
        ? ""
        : account.freeSearchUsed
          ? "The free search is used."
          : "The free search is not used yet: one search of up to 100 businesses.";
  });
}
