// This file defines the order jest starts the test files in. Jest's own order is the right one
// when it has the last run's timings (the slowest files first, so none starts last and keeps one
// worker busy while the other waits); a fresh clone has none, and jest's fallback, the largest
// file first, starts the fault-schedule files (small files that run long) last. Without timings of
// most files: the scripts' files first, then the browser files and the integration files in turn
// (so that a browser file mostly runs beside an integration file, not beside another browser file:
// two at once make chromium and both workers fight for the two cores; an order, not a guarantee),
// then the rest, each folder's largest files first.
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/** The folder of test/ a test file is in ("" for a file of test/ itself). */
const folderOf = (test) => path.relative(path.join(test.context.config.rootDir, "test"), test.path).split(path.sep).slice(0, -1)[0] ?? "";

/** `a` and `b` taken in turn, then what is left of the longer. */
const interleave = (a, b) =>
  Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
    .flat()
    .filter((test) => test !== undefined);

class SlowFoldersFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    // Timings of most files (a whole run before), or of a few (a run of one file before): the latter is a fresh clone's case.
    if (sorted.filter((test) => test.duration != null).length * 2 >= sorted.length) return sorted;
    // Jest's order here is by size; filtering keeps it within each folder.
    const inFolder = (...folders) => sorted.filter((test) => folders.includes(folderOf(test)));
    const first = [...inFolder("scripts", "listing"), ...interleave(inFolder("browser"), inFolder("integration"))];
    return [...first, ...sorted.filter((test) => !first.includes(test))];
  }
}

module.exports = SlowFoldersFirst;
