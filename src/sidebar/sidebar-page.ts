// This file starts the sidebar: it connects the panels to the server through google.script.run
// and loads the settings (which decide the layout), then the account and the jobs (the page
// renders before any call returns).
import { accountPanel } from "./account-panel";
import { SidebarState } from "./sidebar-state";
import { contactsPanel } from "./contacts-panel";
import { enrichPanel } from "./enrich-panel";
import { jobsPanel } from "./jobs-panel";
import { layout } from "./layout";
import { Messages } from "./messages";
import { openJobPanel } from "./open-job-panel";
import { createServer, type ScriptRun } from "./server";
import { searchPanel } from "./search-panel";
import { settingsPanel } from "./settings-panel";

declare const google: { script: { run: ScriptRun } };

function start(): void {
  const messages = new Messages();
  const state = new SidebarState(
    createServer(() => google.script.run),
    messages,
  );
  const screen = layout(() => messages.clear());
  const settings = settingsPanel(state, screen);
  accountPanel(state);
  const afterStart = (): void => {
    void state.reloadJobs().catch((error: unknown) => messages.fail(error));
    void state.reloadAccount().catch(() => undefined);
  };
  searchPanel(state, afterStart);
  enrichPanel(state, afterStart);
  jobsPanel(state);
  openJobPanel(state, afterStart);
  contactsPanel(state);

  messages.say("Loading…");
  settings
    .load()
    .then(async () => {
      const jobs = state.reloadJobs();
      if (state.hasKey) await state.reloadAccount();
      await jobs;
      messages.clear();
    })
    .catch((error: unknown) => messages.fail(error));
}

start();
