// This file defines what a refresh schedule spends over time, said before it is turned on and on
// its line: a week's and a month's credits at most, and until when the credits last at that rate
// ("until Tue, Dec 8"), or that they do not cover the next run (a run they cannot cover is skipped).
import { creditCount, groupDigits, nextRunWhen, plural, shortDate } from "./format";

const DAY_MS = 24 * 3_600_000;

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
  const daily = every === "day";
  // At most 7 daily runs a week, 30 a month (of 30 days); a weekly one's 5.
  const rate = `Up to ${creditCount((daily ? 7 : 1) * runCredits)} a week, ${groupDigits((daily ? 30 : 5) * runCredits)} a month`;
  const left = Math.max(0, remaining);
  const covered = Math.floor(left / runCredits);
  if (!(covered < Infinity)) return `${rate}.`;
  if (covered === 0)
    return (
      `${rate}. Your ${creditCount(left)} do not cover the next run (${nextRunWhen(nextRun.toISOString(), zone, now)}): it is ` +
      "skipped unless credits are added."
    );
  const last = new Date(nextRun.getTime() + (covered - 1) * (daily ? 1 : 7) * DAY_MS);
  return (
    `${rate}: your ${creditCount(left)} last ${daily ? plural(covered, "day", "days") : plural(covered, "week", "weeks")}, ` +
    `until ${shortDate(last, zone, now)}.`
  );
}

/** When a schedule turned on now runs first: a period after the search's last run, or with the next pass when that is past. */
export function firstRunOf(lastRunAt: string, every: "day" | "week", now: Date = new Date()): Date {
  return new Date(Math.max(now.getTime(), Date.parse(lastRunAt) + (every === "day" ? 1 : 7) * DAY_MS));
}
