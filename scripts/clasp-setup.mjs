// This file defines what `npm run push` and `npm run release` know of clasp before running it: the
// repository's own clasp binary, where its login is kept (~/.clasprc.json, or the file or folder
// clasp_config_auth names, as clasp reads it) and the project file .clasp.json, read safely.
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const SCRIPT_ID_PLACEHOLDER = "REPLACE_WITH_YOUR_SCRIPT_ID";

export function claspBin(root) {
  return path.join(root, "node_modules", ".bin", process.platform === "win32" ? "clasp.cmd" : "clasp");
}

/** The file a clasp login writes; clasp accepts a file or a folder holding .clasprc.json. */
export function claspAuthFile() {
  const setting = process.env.clasp_config_auth;
  if (setting === undefined) return path.join(os.homedir(), ".clasprc.json");
  return existsSync(path.join(setting, ".clasprc.json")) ? path.join(setting, ".clasprc.json") : setting;
}

/** .clasp.json as an object ({} when absent), or the sentence that says why it cannot be read. */
export function readClaspProject(file) {
  if (!existsSync(file)) return { config: {}, problem: null };
  try {
    const config = JSON.parse(readFileSync(file, "utf8"));
    if (typeof config !== "object" || config === null || Array.isArray(config)) throw new Error("not an object");
    return { config, problem: null };
  } catch {
    return { config: {}, problem: `.clasp.json is not JSON: it needs {"scriptId": "…", "rootDir": "dist"}.` };
  }
}

/** A script id that names a project, not the placeholder the repository tracks. */
export function isScriptId(id) {
  return typeof id === "string" && id !== "" && !id.startsWith("REPLACE_");
}
