// This file defines the order jest starts the test files in. Jest's own order is the right one
// when it has the last run's timings (the slowest files first, so none starts last and keeps one
// worker busy while the other waits); a fresh clone has none, and jest's fallback, the largest
// file first, starts the fault-schedule files (small files that run long) last. Without timings:
// the scripts' files first, then the browser files each beside an integration file (two browser
// files at once make chromium and both workers fight for the two cores), then the rest, each
// folder's largest files first.
const Sequencer = require("@jest/test-sequencer").default;

const folderOf = (file) => /[\\/]test[\\/]([^\\/]+)[\\/]/.exec(file)?.[1] ?? "";

/** `a` and `b` taken in turn, then what is left of the longer. */
const interleave = (a, b) => Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]]).flat().filter((test) => test !== undefined);

class SlowFoldersFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    // Jest's order here is by size; filtering keeps it within each folder.
    const inFolder = (...folders) => sorted.filter((test) => folders.includes(folderOf(test.path)));
    const first = [...inFolder("scripts", "listing"), ...interleave(inFolder("browser"), inFolder("integration"))];
    return [...first, ...sorted.filter((test) => !first.includes(test))];
  }
}

module.exports = SlowFoldersFirst;
