// Runs `clasp push` for `npm run push`, first checking the two things a fresh clone lacks: a clasp
// login (~/.clasprc.json, or the file clasp_config_auth names) and a script id in .clasp.json; each missing one
// is said with the command that fixes it, instead of clasp's bare "No credentials found.".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const authSetting = process.env.clasp_config_auth;
// clasp accepts a file or a folder holding .clasprc.json.
const authFile = authSetting === undefined ? path.join(os.homedir(), ".clasprc.json") : existsSync(path.join(authSetting, ".clasprc.json")) ? path.join(authSetting, ".clasprc.json") : authSetting;
const problems = [];

if (!existsSync(authFile)) {
  problems.push(
    `You are not logged in to clasp (no ${authFile}).`,
    "  Run: npx clasp login    (opens a browser once; use the Google account that owns the script)",
    "  On a machine without a browser: npx clasp login --no-localhost, and follow the link it prints.",
  );
}
let scriptId = "";
try {
  scriptId = String(JSON.parse(readFileSync(path.join(root, ".clasp.json"), "utf8")).scriptId ?? "");
} catch {
  problems.push(".clasp.json is missing or not JSON: it needs {\"scriptId\": \"…\", \"rootDir\": \"dist\"}.");
}
if (scriptId === "" || scriptId.startsWith("REPLACE_")) {
  problems.push(
    ".clasp.json has no script id yet.",
    "  Open the spreadsheet › Extensions › Apps Script › Project Settings, copy the Script ID into .clasp.json,",
    "  or create a new bound script: npx clasp create --type sheets --rootDir dist (it writes the id for you).",
  );
}
if (problems.length > 0) {
  console.error(["npm run push cannot push yet:", ...problems, "Then run npm run push again. (README: Deploying with clasp.)"].join("\n"));
  process.exit(1);
}

const clasp = path.join(root, "node_modules", ".bin", process.platform === "win32" ? "clasp.cmd" : "clasp");
const pushed = spawnSync(clasp, ["push", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
if (pushed.status !== 0) {
  console.error("clasp push failed. If it says the credentials are invalid or expired, run npx clasp login again.");
}
process.exit(pushed.status ?? 1);
