// This file defines the bench's small helpers: medians of timed samples (with a GC before each
// when node runs with --expose-gc) and aligned tables that show targets next to measured values.
// What they print is recorded too, for docs/figures.md (figures-page.ts).
import { recordItem, recordSection } from "./figures-page";

/** A garbage collection where node runs with --expose-gc: a sample starts with nothing left to collect. */
export function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc === "function") gc();
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface TimingOptions {
  samples: number;
  warmup?: number;
  /** Runs before each sample, outside the timed region (e.g. to prepare a fresh input). */
  setup?: () => void;
}

/** Median wall time of `fn` in milliseconds over `samples` runs, after `warmup` untimed runs. */
export function medianMs(fn: () => unknown, options: TimingOptions): number {
  const times: number[] = [];
  for (let i = 0; i < (options.warmup ?? 3); i += 1) {
    options.setup?.();
    fn();
  }
  for (let i = 0; i < options.samples; i += 1) {
    options.setup?.();
    collect();
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return median(times);
}

// ---- formatting --------------------------------------------------------------------------------

export const int = (n: number): string => Math.round(n).toLocaleString("en-US");
export const ms = (n: number): string => `${n < 1 ? n.toFixed(3) : n < 100 ? n.toFixed(2) : n.toFixed(0)} ms`;
export const ratio = (n: number): string => `${n < 10 ? n.toFixed(2) : n.toFixed(1)}×`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)} %`;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

export type Row = readonly string[];

/** Prints a section's heading ("== Foundation =="), which docs/figures.md makes one of its own. */
export function printSection(heading: string): void {
  console.log(`\n== ${heading} ==`);
  recordSection(heading);
}

/** Prints a line that is no table (a figure not measured, and why), kept on docs/figures.md too. */
export function printLine(text: string): void {
  console.log(`\n${text}`);
  recordItem(text);
}

/** Prints a titled table: first column left-aligned, the others right-aligned. */
export function printTable(title: string, headers: Row, rows: readonly Row[], notes: readonly string[] = []): void {
  recordItem({ title, headers, rows, notes });
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? "").length)));
  const cell = (text: string, c: number): string => (c === 0 ? text.padEnd(widths[c] ?? 0) : text.padStart(widths[c] ?? 0));
  const line = (row: Row): string =>
    row
      .map((text, c) => cell(text, c))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(rule);
  for (const row of rows) console.log(line(row));
  for (const note of notes) console.log(`  ${note}`);
}
