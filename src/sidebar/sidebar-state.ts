// This file defines SidebarState, what every panel of the sidebar shares: the server wrapper, the
// message areas, and the account and jobs as last read, with listeners for when they change; a
// change rechecks whether the message shown is still true.
import type { AccountView } from "../ui/views";
import type { Messages } from "./messages";
import type { JobView, Server } from "./server";

export class SidebarState {
  account: AccountView | null = null;
  /** The jobs as last listed. */
  jobs: JobView[] = [];
  hasKey = false;
  /** The spreadsheet's time zone (getSettings): every date a person reads is in it, so one moment has one zone label everywhere. */
  timeZone: string | null = null;
  /** The document is past 80 % of Google's cell limit (getSettings): the sentence the New search form shows, else null. */
  roomNotice: string | null = null;
  private readonly accountListeners: Array<(account: AccountView | null) => void> = [];
  private readonly jobsListeners: Array<(jobs: JobView[]) => void> = [];

  constructor(
    readonly server: Server,
    readonly messages: Messages,
  ) {}

  /** The time zone `job`'s dates are read in: the spreadsheet's as it is now (the sidebar's other dates'), else the job's as it started. */
  zoneOf(job: JobView): string | null {
    return this.timeZone || job.timeZone || null;
  }

  onAccount(listener: (account: AccountView | null) => void): void {
    this.accountListeners.push(listener);
  }

  onJobs(listener: (jobs: JobView[]) => void): void {
    this.jobsListeners.push(listener);
  }

  setAccount(account: AccountView | null): void {
    this.account = account;
    for (const listener of this.accountListeners) listener(account);
    this.messages.recheck();
  }

  setJobs(jobs: JobView[]): void {
    this.jobs = jobs;
    for (const listener of this.jobsListeners) listener(jobs);
    // What the jobs now say may end a message ("results arrive in…" once the search is done).
    this.messages.recheck();
  }

  async reloadAccount(): Promise<void> {
    this.setAccount(await this.server.call("getAccount"));
  }

  /** Brings a job's sheet to the front, saying so (or why not) in the message. */
  showJobSheet(jobId: string): void {
    this.messages.say("Opening the sheet…");
    this.server.call("showJobSheet", { jobId }).then(
      (shown) => this.messages.say(`Showing the sheet “${shown.sheetName}”.`),
      (error: unknown) => this.messages.fail(error),
    );
  }

  async reloadJobs(): Promise<void> {
    this.setJobs(await this.server.call("listJobs"));
  }
}
