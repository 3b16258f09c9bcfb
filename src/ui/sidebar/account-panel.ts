// This file defines the Account panel: plan, status, credits remaining of the allowance as a bar,
// the largest search the account can afford and whether the free search is used.
import type { SidebarState } from "./context";
import { byId, setProgress } from "./dom";
import { creditsBar, groupDigits, searchBounds } from "./format";

export function accountPanel(state: SidebarState): void {
  const empty = byId("account-empty", HTMLElement);
  const details = byId("account-details", HTMLElement);
  const bar = byId("credits-bar", HTMLProgressElement);
  const reload = byId("reload-account", HTMLButtonElement);

  state.onAccount((account) => {
    empty.hidden = account !== null;
    details.hidden = account === null;
    if (!account) return;
    byId("account-plan", HTMLElement).textContent = account.planName || account.planCode;
    byId("account-status", HTMLElement).textContent = account.status;
    const credits = creditsBar(account);
    byId("account-credits", HTMLElement).textContent = credits.text;
    setProgress(bar, credits.value, credits.max, credits.text);
    const bounds = searchBounds(account);
    byId("account-affordable", HTMLElement).textContent = bounds.blocked ?? `Largest search you can afford: ${groupDigits(Math.min(bounds.max, account.maxAffordableResults))}`;
    byId("account-free", HTMLElement).textContent = account.planCode === "free"
      ? (account.freeSearchUsed ? "The free search is used." : "The free search is not used yet: one search of up to 100 businesses.")
      : (account.freeSearchUsed ? "The free search is used." : "The free search is not used.");
  });

  reload.addEventListener("click", () => {
    void state.messages.act(reload, "Reading your account…", async () => {
      await state.reloadAccount();
      return "Account up to date.";
    });
  });
}
