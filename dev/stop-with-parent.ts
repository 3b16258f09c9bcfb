// This file defines stopWithParent: a long-running dev server (npm run sim, npm start) stops on
// Ctrl-C, on SIGTERM/SIGHUP, and when the process that started it dies — npm does not always
// pass its own death on to its child, which would otherwise keep the port taken.
import { fstatSync } from "node:fs";

const PARENT_CHECK_MS = 1000;

/** Calls `stop` once, on the first sign that nobody wants this process any more. */
export function stopWithParent(stop: (reason: string) => void): void {
  let stopped = false;
  const once = (reason: string): void => {
    if (stopped) return;
    stopped = true;
    clearInterval(watch);
    stop(reason);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => once(signal));
  // An orphan is adopted by init (or a subreaper): its parent id changes.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) once("parent exited");
  }, PARENT_CHECK_MS);
  watch.unref();
  // A pipe (or the socket pair Node's spawn uses) on stdin closes when the parent that holds its
  // other end dies; a terminal or /dev/null says nothing about the parent, so only those are watched.
  if (stdinIsPipe()) {
    process.stdin.on("end", () => once("stdin closed"));
    process.stdin.on("error", () => once("stdin closed"));
    process.stdin.resume();
    // Reading stdin must not keep an otherwise finished process alive.
    (process.stdin as { unref?: () => void }).unref?.();
  }
}

function stdinIsPipe(): boolean {
  try {
    const stdin = fstatSync(0);
    return stdin.isFIFO() || stdin.isSocket();
  } catch {
    return false;
  }
}
