// Type-checks the four TypeScript programs (the add-on, Node code and tests, the playground's
// page, the sidebar's page) incrementally: each keeps its .tsbuildinfo under .build/tsc/, so a
// second run re-checks only what changed. Two run at a time, one per core of the usual machine.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";

const PROJECTS = ["tsconfig.json", "tsconfig.dev.json", "tsconfig.browser.json", "tsconfig.sidebar.json"];
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const infoDir = path.join(".build", "tsc");
mkdirSync(infoDir, { recursive: true });

function check(project) {
  const info = path.join(infoDir, project.replace(/\.json$/, ".tsbuildinfo"));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, "--noEmit", "--incremental", "--tsBuildInfoFile", info, "-p", project], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ project, ok: code === 0, output }));
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift()) results.push(await check(project));
  }),
);
const failed = results.filter((r) => !r.ok);
for (const r of failed) process.stderr.write(`tsc -p ${r.project}:\n${r.output}\n`);
process.exit(failed.length === 0 ? 0 : 1);
