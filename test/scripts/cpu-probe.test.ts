// The CPU probe (scripts/cpu-probe.mjs) does the same work on every machine (its checksum is fixed)
// and reports a time; the summary reporter states a run's time as a multiple of it.
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { bySize } from "../tier";

const ROOT = path.resolve(__dirname, "../..");
const { timeLine } = require(path.join(ROOT, "test/summary-reporter.js")) as { timeLine: (wallMs: number, probe: number | null) => string };

describe("cpu probe", () => {
  it("does fixed work: the same checksum each time, and a time in ms", () => {
    // The checksum is a literal, so one run shows it fixed: npm test runs the probe once, test:all twice.
    const runs = bySize([0], [0, 1]).map(() =>
      spawnSync(process.execPath, [path.join(ROOT, "scripts/cpu-probe.mjs"), "--json"], { encoding: "utf8" }),
    );
    const probes = runs.map((run) => JSON.parse(run.stdout) as { ms: number; checksum: number });
    expect(probes.map((p) => p.checksum)).toEqual(runs.map(() => 632335948));
    for (const probe of probes) expect(probe.ms).toBeGreaterThan(0);
  });

  it("a run's time is said as a multiple of the probe's", () => {
    expect(timeLine(156_000, 115)).toBe("jest: 156.0 s = 1,357 × the cpu probe (115 ms on this machine)");
    expect(timeLine(2_500, null)).toBe("jest: 2.5 s (the cpu probe could not run)");
  });
});
