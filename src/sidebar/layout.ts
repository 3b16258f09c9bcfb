// This file defines the sidebar's layout: the work tabs and jobs first when a key is saved, the key form alone when none is, Settings
// opened from the account line. Tabs follow the WAI-ARIA tabs pattern and stay reachable by Tab; showing another calls `onTab`.
import { byId, on } from "./dom";

export interface Layout {
  /** A key is saved (the work shows) or not (the key form shows, alone). */
  setHasKey(hasKey: boolean): void;
}

export function layout(onTab: () => void): Layout {
  const settings = byId("settings", HTMLElement);
  const toggle = byId("open-settings", HTMLButtonElement);
  const work = byId("work", HTMLElement);
  const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>("[role=tab]"));
  let hasKey = false;

  const showSettings = (open: boolean): void => {
    settings.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.textContent = open && hasKey ? "Close settings" : "Settings";
    toggle.hidden = !hasKey;
  };

  const showTab = (id: string): void => {
    if (document.getElementById(id)?.getAttribute("aria-selected") !== "true") onTab();
    for (const tab of tabs) {
      const selected = tab.id === id;
      tab.setAttribute("aria-selected", String(selected));
      const panel = document.getElementById(tab.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !selected;
    }
  };

  on(toggle, "click", () => {
    const open = settings.hidden;
    showSettings(open);
    if (open) byId("api-key", HTMLInputElement).focus();
  });

  tabs.forEach((tab, index) => {
    on(tab, "click", () => showTab(tab.id));
    on(tab, "keydown", (event) => {
      const to: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index + tabs.length - 1, Home: 0, End: tabs.length - 1 };
      const next = tabs[(to[event.key] ?? -1) % tabs.length];
      if (!next) return;
      event.preventDefault();
      showTab(next.id);
      next.focus();
    });
  });

  return {
    setHasKey(value: boolean): void {
      hasKey = value;
      work.hidden = !value;
      showSettings(!value);
    },
  };
}
