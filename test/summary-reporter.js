// A jest reporter that ends the run with the plain closing line CI reads: "tests: N passed, N failed",
// after the name of every test the run skipped (a skip is said, never silent; its name says why;
// not under -t, where every test the pattern leaves out counts as skipped). A whole run also prints
// its time beside a fixed CPU probe's on this machine (scripts/cpu-probe.mjs), so runs compare as a ratio,
// and records it in test-output/suite-time.json, which `npm run bench` puts on docs/figures.md.
const { execFileSync } = require("node:child_process");
const { mkdirSync, writeFileSync } = require("node:fs");
const path = require("node:path");

const SUITE_TIME_RECORD = path.join(__dirname, "..", "test-output", "suite-time.json");

/** The probe's median time in ms, in a process of its own; null when it could not run. */
function probeMs() {
  try {
    const output = execFileSync(process.execPath, [path.join(__dirname, "..", "scripts", "cpu-probe.mjs"), "--json"], { encoding: "utf8" });
    const { ms } = JSON.parse(output);
    return typeof ms === "number" && ms > 0 ? ms : null;
  } catch {
    return null;
  }
}

/** "jest: 156 s = 1,357 × the cpu probe (115 ms on this machine)": the ratio is what compares across machines. */
function timeLine(wallMs, probe) {
  const seconds = `jest: ${(wallMs / 1000).toFixed(1)} s`;
  if (probe === null) return `${seconds} (the cpu probe could not run)`;
  const ratio = Math.round(wallMs / probe).toLocaleString("en-US");
  return `${seconds} = ${ratio} × the cpu probe (${probe.toFixed(0)} ms on this machine)`;
}

/** What docs/figures.md says of the suite (bench/figures-page.ts reads it): the tier, the seconds and the probe. */
function suiteTime(wallMs, probe, tests, now = new Date()) {
  const tier = process.env.TEST_TIER === "all" ? "npm run test:all" : "npm test";
  return { date: now.toISOString(), tier, seconds: wallMs / 1000, probeMs: probe, tests };
}

class SummaryReporter {
  constructor(globalConfig) {
    // Under -t (a name pattern) every other test counts as skipped: those are not listed.
    this.filtered = Boolean(globalConfig.testNamePattern);
    // The probe is for whole runs (npm test, CI), or any run with CPU_PROBE=1.
    const paths = globalConfig.testPathPatterns;
    const pathsSet = Array.isArray(paths) ? paths.length > 0 : Boolean(paths?.isSet?.());
    this.probe = process.env.CPU_PROBE === "1" || (!this.filtered && !pathsSet);
    // Only a run of the whole suite is the suite's time; a file or a pattern is not.
    this.whole = !this.filtered && !pathsSet;
  }

  // The probe before the tests too, and the faster of the two counts: a probe only ever runs slower for the machine being busy,
  // and the end's may meet the run's last processes still exiting (once 236 ms there against 141 ms before the run).
  onRunStart() {
    if (!this.probe) return;
    const started = Date.now();
    this.probeBefore = probeMs();
    this.probeBeforeMs = Date.now() - started;
  }

  onRunComplete(_contexts, results) {
    const skippedNames = results.testResults.flatMap((file) =>
      file.testResults.filter((t) => t.status === "pending" || t.status === "todo").map((t) => t.fullName),
    );
    if (!this.filtered) for (const name of skippedNames) process.stdout.write(`\nskipped: ${name}`);
    if (this.probe) {
      // The run's time without the probe before it, which jest's start time counts.
      const wallMs = Date.now() - results.startTime - (this.probeBeforeMs ?? 0);
      const probes = [this.probeBefore ?? null, probeMs()].filter((ms) => ms !== null);
      const probe = probes.length > 0 ? Math.min(...probes) : null;
      process.stdout.write(`\n${timeLine(wallMs, probe)}`);
      if (this.whole && probe !== null) {
        mkdirSync(path.dirname(SUITE_TIME_RECORD), { recursive: true });
        writeFileSync(SUITE_TIME_RECORD, `${JSON.stringify(suiteTime(wallMs, probe, results.numTotalTests))}\n`);
      }
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numRuntimeErrorTestSuites;
    const failed = results.numFailedTests + failedSuites;
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
module.exports = SummaryReporter;
module.exports.timeLine = timeLine;
module.exports.suiteTime = suiteTime;
