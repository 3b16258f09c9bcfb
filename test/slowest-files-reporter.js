// A jest reporter that ends the run with its ten slowest test files and their times, and the sum of
// every file's time, so the day a change makes the suite slower is the day someone sees it.
const SHOWN = 10;

class SlowestFilesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const all = results.testResults
      .map((r) => ({
        file: r.testFilePath.startsWith(this.rootDir) ? r.testFilePath.slice(this.rootDir.length + 1) : r.testFilePath,
        seconds: (r.perfStats.end - r.perfStats.start) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    if (all.length === 0) return;
    const total = all.reduce((sum, f) => sum + f.seconds, 0);
    const lines = all.slice(0, SHOWN).map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
    process.stdout.write(
      `\nslowest test files (of ${all.length}, ${total.toFixed(0)} s in all, the workers' times added):\n${lines.join("\n")}\n`,
    );
  }
}
module.exports = SlowestFilesReporter;
