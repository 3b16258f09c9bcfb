// This file holds the default bundle (dist/Code.js) to what each execution pays for it: Apps Script evaluates the whole file at the
// start of every execution, so its evaluation in a fresh context stays within 2.5 × JSON.parse of a JSON text of its size (a results
// page of the service, bench/bundle-evaluation.ts), and the file under 256 KB. Run `npm run build` first (npm test does);
// `npm run bench` prints both figures and where the bytes go.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { buildSync } from "esbuild";
import { EVALUATION_CEILING, type BundleEvaluation } from "../../bench/bundle-evaluation";

const ROOT = path.resolve(__dirname, "../..");
const FILE = path.join(ROOT, "dist", "Code.js");
const CEILING_BYTES = 256 * 1024;

/** The figure as `npm run bench` measures it (bench/bundle-evaluation.ts): in a node of its own with --expose-gc, not inside jest's. */
function evaluationOf(file: string): BundleEvaluation {
  const contents = [
    'import { readFileSync } from "node:fs";',
    'import { bundleEvaluation } from "./bench/bundle-evaluation";',
    `process.stdout.write(JSON.stringify(bundleEvaluation(readFileSync(${JSON.stringify(file)}, "utf8"))));`,
  ].join("\n");
  const [measure] = buildSync({
    stdin: { contents, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "error",
  }).outputFiles;
  const printed = execFileSync(process.execPath, ["--expose-gc", "-"], { input: measure?.text ?? "", encoding: "utf8" });
  return JSON.parse(printed) as BundleEvaluation;
}

describe("dist/Code.js", () => {
  it(`stays under ${CEILING_BYTES} bytes`, () => {
    expect(statSync(FILE).size).toBeLessThan(CEILING_BYTES);
  });

  it(`evaluates in a fresh context within ${EVALUATION_CEILING} × JSON.parse of a results page of its size`, () => {
    const { ratio, jsonChars } = evaluationOf(FILE);
    expect(jsonChars).toBeGreaterThanOrEqual(readFileSync(FILE, "utf8").length); // a page at least as long as the bundle
    expect(ratio).toBeLessThanOrEqual(EVALUATION_CEILING);
  });
});
