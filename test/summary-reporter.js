// A jest reporter that ends the run with the plain closing line CI reads: "tests: N passed, N failed".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numRuntimeErrorTestSuites;
    const failed = results.numFailedTests + failedSuites;
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
module.exports = SummaryReporter;
