// This file defines what a refresh schedule spends over time, said before it is turned on and on
// its line: a week's and a month's credits at most, and until when the credits last at that rate
// ("until Tue, Dec 8"), or that they do not cover the next run (a run they cannot cover is skipped).
import { groupDigits, nextRunWhen, plural, shortDate } from "./format";

const DAY_MS = 24 * 3_600_000;
/** Runs at most in a week and in a month of 30 days, and the days between two runs. */
const RUNS = { day: { week: 7, month: 30, days: 1 }, week: { week: 1, month: 5, days: 7 } } as const;

export interface Spend {
  every: "day" | "week";
  /** What one run may charge. */
  runCredits: number;
  /** The account's credits left. */
  remaining: number;
  /** When the next run falls due. */
  nextRun: Date;
}

/**
 * "Up to 7,000 credits a week, 30,000 a month: your 9,000 credits last 9 days, until Tue, Dec 8."
 * When they do not cover the next run: "… Your 500 credits do not cover the next run (Sun 07:41):
 * it is skipped unless credits are added."
 */
export function spendText({ every, runCredits, remaining, nextRun }: Spend, zone?: string | null, now: Date = new Date()): string {
  const runs = RUNS[every];
  const rate = `Up to ${plural(runs.week * runCredits, "credit", "credits")} a week, ${groupDigits(runs.month * runCredits)} a month`;
  const left = Math.max(0, remaining);
  if (runCredits <= 0) return `${rate}.`;
  const covered = Math.floor(left / runCredits);
  if (covered === 0) return `${rate}. Your ${plural(left, "credit", "credits")} do not cover the next run (${nextRunWhen(nextRun.toISOString(), zone, now)}): it is skipped unless credits are added.`;
  const last = new Date(nextRun.getTime() + (covered - 1) * runs.days * DAY_MS);
  const span = every === "day" ? plural(covered, "day", "days") : plural(covered, "week", "weeks");
  return `${rate}: your ${plural(left, "credit", "credits")} last ${span}, until ${shortDate(last, zone, now)}.`;
}

/** When a schedule turned on now runs first: a period after the search's last run, or with the next pass when that is past. */
export function firstRunOf(lastRunAt: string, every: "day" | "week", now: Date = new Date()): Date {
  return new Date(Math.max(now.getTime(), Date.parse(lastRunAt) + RUNS[every].days * DAY_MS));
}
