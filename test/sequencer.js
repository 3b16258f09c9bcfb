// This file defines the order jest starts the test files in. Jest's own order is the right one
// when it has the last run's timings (the slowest files first, so none starts last and keeps one
// worker busy while the other waits); a fresh clone has none, and jest's fallback, the largest
// file first, starts the fault-schedule files (small files that run long) last. Without timings,
// the folders whose files run longest start first, each folder's largest files first.
const Sequencer = require("@jest/test-sequencer").default;

/** Folders of test/, longest-running files first (seconds a file, measured with npm test). */
const SLOW_FIRST = ["scripts", "listing", "browser", "integration", "bundle", "contract"];

const rank = (file) => {
  const folder = /[\\/]test[\\/]([^\\/]+)[\\/]/.exec(file)?.[1] ?? "";
  const at = SLOW_FIRST.indexOf(folder);
  return at === -1 ? SLOW_FIRST.length : at;
};

class SlowFoldersFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    // Jest's order is by size here; a stable sort by folder keeps it within each folder.
    return sorted.map((test, i) => ({ test, i })).sort((a, b) => rank(a.test.path) - rank(b.test.path) || a.i - b.i).map(({ test }) => test);
  }
}

module.exports = SlowFoldersFirst;
