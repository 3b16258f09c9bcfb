// A fixed CPU-bound workload timed on this machine, so a suite's time reads as a multiple of it and
// two machines' runs compare as a ratio. Deterministic work (a seeded generator, sorting, strings,
// JSON, a Map): the median of five rounds, printed in ms with the work's checksum.
import { pathToFileURL } from "node:url";

const ROUNDS = 5;

/** One round of the fixed work; returns a checksum so the work cannot be skipped. */
export function probeWork() {
  let seed = 0x9e3779b9;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const numbers = Array.from({ length: 240_000 }, next).sort((a, b) => a - b);
  const words = new Map();
  for (let i = 0; i < 160_000; i++) {
    const word = (numbers[i] ?? 0).toString(36).slice(0, 3);
    words.set(word, (words.get(word) ?? 0) + 1);
  }
  const rows = Array.from({ length: 16_000 }, (_, i) => ({ id: `row-${i}`, name: `Business ${numbers[i * 7] ?? 0}`, rating: i % 5 }));
  const parsed = JSON.parse(JSON.stringify(rows));
  let checksum = words.size;
  for (const row of parsed) checksum = (checksum * 31 + row.name.length + row.rating) >>> 0;
  return (checksum + (numbers[numbers.length - 1] ?? 0)) >>> 0;
}

/** The median time of the fixed work, in ms, and its checksum (the same on every machine). */
export function cpuProbe(rounds = ROUNDS) {
  const times = [];
  let checksum = 0;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    checksum = probeWork();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? 0, checksum };
}

// `node scripts/cpu-probe.mjs` prints a line; with --json, the figures (test/summary-reporter.js reads them).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const probe = cpuProbe();
  if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(probe)}\n`);
  else process.stdout.write(`cpu probe: ${probe.ms.toFixed(0)} ms on this machine (work checksum ${probe.checksum})\n`);
}
