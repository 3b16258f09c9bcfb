// This file defines how the fakes get a worker bundle safely when jest runs test files in
// parallel processes: dev/bundle-worker.ts always writes the same .build/<name>.mjs, which another
// process may be rewriting at that moment, so each process loads its own verified copy.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { bundleWorker } from "../../dev/bundle-worker";

export function privateWorkerBundle(entry: string): string {
  const shared = bundleWorker(entry);
  const own = shared.replace(/\.mjs$/, `.${process.pid}.mjs`);
  for (let attempt = 0; attempt < 20; attempt++) {
    const first = readFileSync(shared, "utf8");
    const second = readFileSync(shared, "utf8");
    // Two equal, complete reads: no other process was half-way through writing it.
    if (first === second && first.trimEnd().length > 0 && first.endsWith("\n")) {
      writeFileSync(own, first);
      process.once("exit", () => rmSync(own, { force: true }));
      return own;
    }
    bundleWorker(entry);
  }
  throw new Error(`could not read a complete bundle of ${entry}`);
}
