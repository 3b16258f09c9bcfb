// This file defines the record of the user's last background run (the pollJobs trigger): when it ran and whether Google gave it its
// document, kept in the user's properties for diagnose(), since Google does not document which it does.
import * as z from "zod/mini";
import { currentShape, readStored, storedText, type StoredShape } from "../storage/stored-json";
import { userProperties } from "./property-snapshot";
import { LONGEST_EXECUTION_MS } from "../rules/platform-limits";
import { KEYS } from "../storage/keys";
import { bestEffort } from "../errors/best-effort";

interface BackgroundRun {
  /** Epoch ms when the run began. */
  at: number;
  /** Whether the run had a current spreadsheet (SpreadsheetApp.getActiveSpreadsheet() was not null). */
  withDocument: boolean;
  /**
   * False from the run's start until it ends: a run Google stopped (its daily limit on trigger run
   * time, which stops a script in the middle) stays false.
   */
  finished: boolean;
}

const RUN_SHAPE: StoredShape<BackgroundRun> = {
  ...currentShape(
    z.lazy(() => z.object({ at: z.number(), withDocument: z.boolean(), finished: z.boolean() }) satisfies z.ZodMiniType<BackgroundRun>),
  ),
  versioned: true,
};

/** Notes that this run got to its end (after recordBackgroundRun); never throws (only a note: the next run writes its own). */
export function recordBackgroundRunEnd(): void {
  bestEffort(() => {
    const run = lastBackgroundRun();
    if (run) userProperties().setProperty(KEYS.lastBackgroundRun, storedText(RUN_SHAPE, { ...run, finished: true }));
  });
}

/**
 * The user's last background run when Google stopped it before its end, else null: no execution lives longer than
 * Apps Script's 6 minutes, so a run older than that which never finished was stopped.
 */
export function stoppedBackgroundRun(now: number): BackgroundRun | null {
  const run = lastBackgroundRun();
  return run && !run.finished && now - run.at > LONGEST_EXECUTION_MS ? run : null;
}

/** Notes what `observe` sees of this run; never throws (a failing trigger mails its owner every run, and this is only a note). */
export function recordBackgroundRun(observe: () => Omit<BackgroundRun, "finished">): void {
  // A full or unreachable property store costs the next report one answer, nothing more.
  bestEffort(() => userProperties().setProperty(KEYS.lastBackgroundRun, storedText(RUN_SHAPE, { ...observe(), finished: false })));
}

/** The user's last background run, or null when none was recorded (or the record is unreadable). */
export function lastBackgroundRun(): BackgroundRun | null {
  return readStored(RUN_SHAPE, userProperties().getProperty(KEYS.lastBackgroundRun));
}
