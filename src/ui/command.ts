// This file defines the one wrapper of every server function the sidebar or the menu calls: its argument checked by its schema, failures
// turned into user messages with the key blanked out, the document lock where it changes the document, and one deadline for retries.
import type { JobsContext } from "../jobs/job-context";
import { withDocumentLock } from "../gas/locks";
import { jobsContext } from "../app/jobs-context";
import { appsScriptClock } from "../gas/utilities";
import { userApiKey } from "../gas/settings";
import { withUserErrors } from "../errors/user-error";
import { parseArgs, type ArgsIn, type ArgsOut, type EntryArgName } from "./entry-args";

/** A sidebar call waits at most this long in retries. */
export const CALL_BUDGET_MS = 60 * 1000;

interface CommandOptions {
  /**
   * Run under the document lock: a second click or another editor waits, then sees what this call
   * did. For calls that change the document's job state.
   */
  lock?: boolean;
}

/** What a command's body is handed: its deadline, and the current document's jobs context. */
interface Call {
  deadline: number;
  jobs(): JobsContext;
  /** `body` under the document lock, with a deadline of its own: for a command that locks only a part. */
  underLock<T>(body: (call: Call) => T): T;
}

function newCall(): Call {
  const deadline = appsScriptClock.now() + CALL_BUDGET_MS;
  let context: JobsContext | undefined;
  return {
    deadline,
    jobs: () => (context ??= jobsContext(deadline)),
    // The deadline starts once the lock is held: waiting for another click is not the call's time.
    underLock: (body) => withDocumentLock(() => body(newCall())),
  };
}

function perform<T>(options: CommandOptions, body: (call: Call) => T): T {
  const call = newCall();
  return options.lock ? call.underLock(body) : body(call);
}

/** A server function that takes no argument. */
export function command<R>(options: CommandOptions, body: (call: Call) => R): () => R {
  return () => withUserErrors(() => perform(options, body), userApiKey);
}

/** A server function whose one argument is checked by `name`'s schema before anything else. */
export function commandWith<K extends EntryArgName, R>(
  name: K,
  options: CommandOptions,
  body: (args: ArgsOut<K>, call: Call) => R,
): (raw?: ArgsIn<K>) => R {
  return (raw) =>
    withUserErrors(() => {
      const args = parseArgs(name, raw);
      return perform(options, (call) => body(args, call));
    }, userApiKey);
}
