// What a refresh schedule spends over time (src/sidebar/schedule-spend.ts): a week's and a
// month's credits, until when the credits last, and a next run they do not cover.
import { useSpreadsheet } from "../../src/sidebar/format";
import { firstRunOf, spendText } from "../../src/sidebar/schedule-spend";

// The spreadsheet's zone is the browser's: no time names its zone.
beforeAll(() => useSpreadsheet("en_US", "UTC", "UTC"));

const now = new Date("2026-11-29T08:00:00Z");
const nextRun = new Date("2026-11-30T07:41:00Z");

describe("spendText", () => {
  it("a daily schedule: a week's and a month's credits, and the day the credits last until", () => {
    expect(spendText({ every: "day", runCredits: 1000, remaining: 9000, nextRun }, "UTC", now)).toBe(
      "Up to 7,000 credits a week, 30,000 a month: your 9,000 credits last 9 days, until Tue, Dec 8.",
    );
    expect(spendText({ every: "day", runCredits: 100, remaining: 150, nextRun }, "UTC", now)).toBe(
      "Up to 700 credits a week, 3,000 a month: your 150 credits last 1 day, until Mon, Nov 30.",
    );
  });

  it("a weekly schedule: its weeks, the year named when it is another", () => {
    expect(spendText({ every: "week", runCredits: 700, remaining: 4577, nextRun }, "UTC", now)).toBe(
      "Up to 700 credits a week, 3,500 a month: your 4,577 credits last 6 weeks, until Mon, Jan 4, 2027.",
    );
  });

  it("credits that do not cover the next run say so, with the run's time", () => {
    expect(spendText({ every: "day", runCredits: 1000, remaining: 500, nextRun }, "UTC", now)).toBe(
      "Up to 7,000 credits a week, 30,000 a month. Your 500 credits do not cover the next run (Mon 07:41): " +
        "it is skipped unless credits are added.",
    );
  });

  it("the day is the spreadsheet's: in Tokyo the last run is a day later", () => {
    expect(
      spendText({ every: "day", runCredits: 1000, remaining: 9000, nextRun: new Date("2026-11-30T20:00:00Z") }, "Asia/Tokyo", now),
    ).toMatch(/until Wed, Dec 9\.$/);
  });
});

describe("firstRunOf", () => {
  it("a period after the last run, or now when that is past", () => {
    expect(firstRunOf("2026-11-29T07:00:00Z", "day", now).toISOString()).toBe("2026-11-30T07:00:00.000Z");
    expect(firstRunOf("2026-11-20T07:00:00Z", "week", now).toISOString()).toBe(now.toISOString());
  });
});
