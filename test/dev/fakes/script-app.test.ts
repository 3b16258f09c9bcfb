// Tests the ScriptApp fake: enums, trigger builders, Google's limits for add-ons and bound
// scripts, and firing due time-driven triggers on the virtual clock.
import { createRuntime } from "../../../dev/fakes/runtime";
import { ADDON_FREQUENCY_MESSAGE } from "../../../dev/fakes/script-app";
import { makeDist } from "./test-support";

const HOUR = 3_600_000;

describe("ScriptApp enums", () => {
  it("prints enum values as their names and shares them across executions", () => {
    const rt = createRuntime({ distDir: makeDist({}) });
    const { ScriptApp } = rt.globals();
    expect(String(ScriptApp.AuthMode.FULL)).toBe("FULL");
    expect(ScriptApp.AuthMode.NONE).toBe(rt.globals().ScriptApp.AuthMode.NONE);
    expect(ScriptApp.AuthMode.LIMITED).toBe(rt.AuthMode.LIMITED);
    expect(Object.keys(ScriptApp.AuthMode)).toEqual(["NONE", "CUSTOM_FUNCTION", "LIMITED", "FULL"]);
    expect(String(ScriptApp.EventType.CLOCK)).toBe("CLOCK");
    expect(String(ScriptApp.TriggerSource.SPREADSHEETS)).toBe("SPREADSHEETS");
  });
});

describe("time-driven triggers in an add-on", () => {
  it("records an hourly trigger with its handler, type and interval", () => {
    const rt = createRuntime({ distDir: makeDist({}) });
    const { ScriptApp } = rt.globals();
    const trigger = ScriptApp.newTrigger("pollJobs").timeBased().everyHours(1).create();
    expect(trigger.getHandlerFunction()).toBe("pollJobs");
    expect(String(trigger.getEventType())).toBe("CLOCK");
    expect(rt.triggers).toEqual([
      expect.objectContaining({
        handler: "pollJobs",
        eventType: "CLOCK",
        intervalMs: HOUR,
        schedule: "everyHours(1)",
        owner: "user@example.com",
      }),
    ]);
    expect(ScriptApp.getProjectTriggers().map((t) => t.getUniqueId())).toEqual([trigger.getUniqueId()]);
  });

  it("refuses triggers that run more than once an hour", () => {
    const { ScriptApp } = createRuntime({ distDir: makeDist({}) }).globals();
    expect(() => ScriptApp.newTrigger("pollJobs").timeBased().everyMinutes(30).create()).toThrow(ADDON_FREQUENCY_MESSAGE);
    expect(ScriptApp.getProjectTriggers()).toHaveLength(0);
  });

  it("allows one trigger of each type per user per document", () => {
    const rt = createRuntime({ distDir: makeDist({}) });
    const { ScriptApp } = rt.globals();
    ScriptApp.newTrigger("pollJobs").timeBased().everyHours(1).create();
    expect(() => ScriptApp.newTrigger("other").timeBased().everyHours(2).create()).toThrow(
      "This add-on has created too many time-based triggers in this document for this Google user account.",
    );
    ScriptApp.newTrigger("opened").forSpreadsheet(rt.globals().SpreadsheetApp.getActiveSpreadsheet()).onOpen().create();
    // Another user has their own allowance.
    rt.globals("FULL", { user: "b@example.com" }).ScriptApp.newTrigger("pollJobs").timeBased().everyHours(1).create();
    expect(rt.triggers).toHaveLength(3);
  });
});

describe("time-driven triggers in a bound script", () => {
  it("allows every minute, but only the documented everyMinutes values", () => {
    const { ScriptApp } = createRuntime({ distDir: makeDist({}), installation: "bound" }).globals();
    for (const n of [1, 5, 10, 15, 30]) ScriptApp.newTrigger(`f${n}`).timeBased().everyMinutes(n).create();
    expect(() => ScriptApp.newTrigger("f").timeBased().everyMinutes(2)).toThrow(
      "The value you passed to everyMinutes was invalid. Accepted values are 1, 5, 10, 15 and 30.",
    );
    expect(ScriptApp.getProjectTriggers()).toHaveLength(5);
  });

  it("stops at 20 triggers per user", () => {
    const { ScriptApp } = createRuntime({ distDir: makeDist({}), installation: "bound" }).globals();
    for (let i = 0; i < 20; i++) ScriptApp.newTrigger(`f${i}`).timeBased().everyHours(1).create();
    expect(() => ScriptApp.newTrigger("f").timeBased().everyHours(1).create()).toThrow(
      "This script has too many triggers. Triggers must be deleted from the script before more can be added.",
    );
  });

  it("also rejects invalid everyMinutes values in add-ons", () => {
    const { ScriptApp } = createRuntime({ distDir: makeDist({}) }).globals();
    expect(() => ScriptApp.newTrigger("f").timeBased().everyMinutes(7)).toThrow(/everyMinutes was invalid/);
  });
});

describe("trigger management", () => {
  it("deletes triggers and lists only the current user's", () => {
    const rt = createRuntime({ distDir: makeDist({}) });
    const { ScriptApp, SpreadsheetApp } = rt.globals();
    const t = ScriptApp.newTrigger("pollJobs").timeBased().everyHours(1).create();
    rt.globals("FULL", { user: "b@example.com" }).ScriptApp.newTrigger("pollJobs").timeBased().everyHours(1).create();
    const mine = rt.globals().ScriptApp;
    expect(mine.getProjectTriggers()).toHaveLength(1);
    expect(mine.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet())).toHaveLength(1);
    mine.deleteTrigger(mine.getProjectTriggers()[0]);
    expect(mine.getProjectTriggers()).toHaveLength(0);
    expect(t.getHandlerFunction()).toBe("pollJobs");
    expect(rt.triggers).toHaveLength(1);
  });

  it("needs full authorization (script.scriptapp) to read or change triggers", () => {
    const rt = createRuntime({ distDir: makeDist({}) });
    for (const mode of ["NONE", "LIMITED", "CUSTOM_FUNCTION"] as const) {
      const { ScriptApp } = rt.globals(mode);
      expect(() => ScriptApp.newTrigger("f")).toThrow(
        "You do not have permission to call ScriptApp.newTrigger. Required permissions: https://www.googleapis.com/auth/script.scriptapp",
      );
      expect(() => ScriptApp.getProjectTriggers()).toThrow(/You do not have permission to call ScriptApp.getProjectTriggers/);
      expect(String(ScriptApp.AuthMode.NONE)).toBe("NONE");
    }
  });
});

describe("firing due triggers", () => {
  const dist = () =>
    makeDist({
      "main.js":
        "function pollJobs(e) { Logger.log('poll ' + e.triggerUid + ' ' + (e.authMode === ScriptApp.AuthMode.FULL)); }\n" +
        "function schedule() { ScriptApp.newTrigger('pollJobs').timeBased().everyHours(1).create(); }\n" +
        "function once() { ScriptApp.newTrigger('pollJobs').timeBased().after(10 * 60 * 1000).create(); }\n" +
        "function ui() { SpreadsheetApp.getUi(); }",
    });

  it("runs the handler when due, as its owner, in AuthMode.FULL, then every interval", () => {
    const rt = createRuntime({ distDir: dist() });
    rt.run("schedule");
    expect(rt.fireDueTriggers()).toHaveLength(0);
    rt.clock.advance(HOUR);
    const [first] = rt.fireDueTriggers();
    expect(first?.logs.map((l) => l.message)).toEqual([`poll ${rt.triggers[0]?.uid ?? ""} true`]);
    expect(rt.fireDueTriggers()).toHaveLength(0);
    rt.clock.advance(3 * HOUR);
    expect(rt.fireDueTriggers()).toHaveLength(1); // missed runs are not caught up
    expect(rt.triggers[0]?.fired).toBe(2);
  });

  it("fires a one-time trigger once and keeps it listed until deleted", () => {
    const rt = createRuntime({ distDir: dist() });
    rt.run("once");
    rt.clock.advance(10 * 60 * 1000);
    expect(rt.fireDueTriggers()).toHaveLength(1);
    rt.clock.advance(HOUR);
    expect(rt.fireDueTriggers()).toHaveLength(0);
    expect(rt.triggers).toHaveLength(1);
  });

  it("gives a triggered execution no Ui", () => {
    const rt = createRuntime({ distDir: dist() });
    const result = rt.run("ui", [], { kind: "trigger" });
    expect(result.errorMessage).toBe("Cannot call SpreadsheetApp.getUi() from this context.");
  });
});
