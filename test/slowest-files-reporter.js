// A jest reporter that ends the run with its ten slowest test files and their times, so the day
// a change makes the suite slower is the day someone sees it.
const SHOWN = 10;

class SlowestFilesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({ file: r.testFilePath.startsWith(this.rootDir) ? r.testFilePath.slice(this.rootDir.length + 1) : r.testFilePath, seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (files.length === 0) return;
    const lines = files.map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
    process.stdout.write(`\nslowest test files:\n${lines.join("\n")}\n`);
  }
}
module.exports = SlowestFilesReporter;
