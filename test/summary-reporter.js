// A jest reporter that ends the run with the plain closing line CI reads: "tests: N passed, N failed",
// after the name of every test the run skipped (a skip is said, never silent; its name says why;
// not under -t, where every test the pattern leaves out counts as skipped).
class SummaryReporter {
  constructor(globalConfig) {
    // Under -t (a name pattern) every other test counts as skipped: those are not listed.
    this.filtered = Boolean(globalConfig.testNamePattern);
  }

  onRunComplete(_contexts, results) {
    const skippedNames = results.testResults.flatMap((file) => file.testResults.filter((t) => t.status === "pending" || t.status === "todo").map((t) => t.fullName));
    if (!this.filtered) for (const name of skippedNames) process.stdout.write(`\nskipped: ${name}`);
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numRuntimeErrorTestSuites;
    const failed = results.numFailedTests + failedSuites;
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
module.exports = SummaryReporter;
