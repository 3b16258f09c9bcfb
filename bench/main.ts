// This file is the bench's entry (bundled and run by scripts/bench.mjs): it prints each section's
// figures as a table, targets next to measured values, then writes them to docs/figures.md. No pass/fail:
// it throws only if something crashes, and scripts/bench.mjs then exits non-zero.
import path from "node:path";
import { backgroundFigures } from "./background-figures";
import { bigRangeFigures } from "./big-range-figures";
import { contactsFigures } from "./contacts-figures";
import { bundleFigures, type Builds } from "./bundle-figures";
import { diagnoseFigures } from "./diagnose-figures";
import { throughputFigures, validationFigures } from "./client-figures";
import { enrichFigures } from "./enrich-figures";
import { type CpuProbe, writeFiguresPage } from "./figures-page";
import { importFigures } from "./import-figures";
import { jobStoreFigures } from "./job-store-figures";
import { largeRunFigures } from "./large-run-figures";
import { functionAndRefreshFigures } from "./refresh-and-function-figures";
import { quotaFigures } from "./quota-figures";
import { sidebarFigures } from "./sidebar-figures";
import { printSection } from "./stats";
import { territoryPassFigures } from "./territory-figures";
import { territoryScaleFigures } from "./territory-scale-figures";

export interface BenchInput {
  /** The repository root. */
  root: string;
  /** What scripts/build.mjs's build() returned for each build (dist/ and dist-full/ were written by it). */
  builds: Builds;
  /** The CPU probe (scripts/cpu-probe.mjs) timed before the bench, for the page's header (null: not taken). */
  probe: CpuProbe | null;
}

export async function main(input: BenchInput): Promise<void> {
  const started = performance.now();
  console.log(
    `Business Leads bench: node ${process.version}, ${process.platform}/${process.arch}. ` +
      "Times in ms and as ratios to baselines measured in this run.",
  );
  printSection("Foundation");
  bundleFigures(input.root, input.builds);
  validationFigures();
  await throughputFigures();
  jobStoreFigures();
  printSection("Searches into sheets (built bundle, Apps Script fakes, simulator worker, virtual clock)");
  await importFigures(input.root);
  await backgroundFigures(input.root);
  printSection("Custom functions and scheduled refreshes (built bundle, Apps Script fakes, simulator worker)");
  await functionAndRefreshFigures(input.root);
  await bigRangeFigures(input.root);
  printSection("The sidebar (dist/Sidebar.html; load time in chromium through the playground)");
  await sidebarFigures(input.root);
  printSection("A day against Google's daily quotas (built bundles, Apps Script fakes, simulator worker, virtual clock)");
  await quotaFigures(input.root);
  printSection("Enriching rows of a sheet (built bundle, Apps Script fakes, simulator worker, virtual clock)");
  await enrichFigures(input.root);
  await largeRunFigures(input.root);
  printSection("A territory in one sheet (built bundles, Apps Script fakes, simulator worker, virtual clock)");
  await territoryPassFigures(input.root);
  await territoryScaleFigures(input.root);
  printSection("The Contacts sheet (add-on code over the spreadsheet fake)");
  contactsFigures();
  printSection("Check this spreadsheet (diagnose(), built bundles, Apps Script fakes, simulator worker)");
  await diagnoseFigures(input.root);
  const page = writeFiguresPage(input.root, {
    date: new Date(),
    machine: `node ${process.version}, ${process.platform}/${process.arch}`,
    probe: input.probe,
  });
  console.log(`\nThe figures are written to ${path.relative(input.root, page)}.`);
  console.log(`\nBench finished in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
