// Builds dist/ exactly as contract.md says: what `clasp push` uploads and nothing else.
//   dist/appsscript.json  the manifest
//   dist/Sidebar.html     the sidebar, self-contained (scripts/build-sidebar.mjs)
//   dist/Code.js          the server bundle (IIFE, global `BusinessLeads`) followed by one
//                         top-level stub per entry point, generated from src/entry-points.ts
// esbuild drops ordinary comments, so the @customfunction JSDoc is generated here too.
// A production build names the service: `--base-url https://…` (or BASE_URL) becomes the default
// service address and the manifest's urlFetchWhitelist; without it the build is the dev build.
// `--out-dir DIR` writes elsewhere than dist/ (the tests build a production copy that way).
// The add-on's name and the address of its support page come from the listing's config
// (listing/listing.json, the one file a publisher edits): the menu, the sidebar and Help use them.
// `--scope full` asks for the full `spreadsheets` scope instead of `spreadsheets.currentonly`:
// background passes then open each document by id (docs/deploying.md, "Two builds"); the tests build that
// bundle into dist-full/.
import { buildSync } from "esbuild";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import { buildSidebar } from "./build-sidebar.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const GLOBAL_NAME = "BusinessLeads";
export const SCOPES = {
  currentonly: "https://www.googleapis.com/auth/spreadsheets.currentonly",
  full: "https://www.googleapis.com/auth/spreadsheets",
};

/**
 * The listing's name and pages address (listing/listing.json), as the bundle bakes them in. The
 * kit's own checks (`npm run listing`) hold the rest of the file to Google's limits.
 */
export function listingIdentity() {
  const file = path.join(root, "listing", "listing.json");
  const config = JSON.parse(readFileSync(file, "utf8"));
  const name = typeof config.name === "string" ? config.name.trim() : "";
  const pagesUrl = typeof config.pagesUrl === "string" ? config.pagesUrl.trim() : "";
  if (name === "") throw new Error(`${path.relative(root, file)}: "name" must be the add-on's name.`);
  if (!/^https:\/\/[^\s/?#]+\/([^\s?#]*\/)?$/.test(pagesUrl)) {
    throw new Error(
      `${path.relative(root, file)}: "pagesUrl" must be the https:// address the kit's pages are hosted at, ` +
        `ending in "/"; got "${pagesUrl}".`,
    );
  }
  return { name, pagesUrl };
}

/** Reads the entry-point registry by bundling it to CommonJS and evaluating it here. */
export function loadEntryPoints() {
  const out = buildSync({
    entryPoints: [path.join(root, "src/entry-points.ts")],
    bundle: true,
    format: "cjs",
    platform: "neutral",
    write: false,
  });
  const module = { exports: {} };
  vm.runInNewContext(out.outputFiles[0].text, { module, exports: module.exports, require: createRequire(import.meta.url) });
  return module.exports.ENTRY_POINTS;
}

function jsDocFor(entry) {
  const doc = entry.customFunction;
  if (!doc) return "";
  const lines = ["/**", ` * ${doc.summary}`];
  for (const param of entry.params) lines.push(` * @param {string} ${param} ${doc.params[param] ?? ""}`.trimEnd());
  lines.push(` * @return {${doc.returnType}} ${doc.returns}`, " * @customfunction", " */");
  return lines.join("\n") + "\n";
}

function stubFor(entry) {
  const params = entry.params.join(", ");
  return `${jsDocFor(entry)}function ${entry.name}(${params}) {\n  return ${GLOBAL_NAME}.entryPoints.${entry.name}(${params});\n}\n`;
}

/** `--name value` or `--name=value` from the command line, else the environment variable. */
function option(argv, name, envName) {
  const index = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (index < 0) return process.env[envName] || undefined;
  const arg = argv[index];
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[index + 1];
}

/** The service address as saveSettings stores it (no trailing slash, no /api/v1); https only. */
export function normaliseBaseUrl(raw) {
  const url = String(raw)
    .trim()
    .replace(/\/+$/, "")
    .replace(/\/api\/v1$/, "");
  if (!/^https:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(url)) {
    throw new Error(`--base-url must be the service's https:// address (e.g. https://leads.example.com); got "${raw}".`);
  }
  return url;
}

/**
 * The manifest. With a base URL it gains `urlFetchWhitelist`: Google requires each entry to be an
 * https prefix with a path, so the address gets a trailing slash (everything under it matches).
 */
export function manifestFor(baseUrl, scope = "currentonly") {
  const manifest = JSON.parse(readFileSync(path.join(root, "appsscript.json"), "utf8"));
  if (baseUrl) manifest.urlFetchWhitelist = [`${baseUrl}/`];
  // The chosen spreadsheet scope in place of `spreadsheets.currentonly`.
  manifest.oauthScopes = manifest.oauthScopes.map((s) => (s === SCOPES.currentonly ? SCOPES[scope] : s));
  return JSON.stringify(manifest, null, 2) + "\n";
}

export function build({ minify = true, baseUrl = "", outDir = dist, scope = "currentonly" } = {}) {
  if (!(scope in SCOPES)) throw new Error(`--scope must be ${Object.keys(SCOPES).join(" or ")}, not ${scope}`);
  const entries = loadEntryPoints();
  const listing = listingIdentity();
  const bundle = buildSync({
    entryPoints: [path.join(root, "src/main.ts")],
    bundle: true,
    format: "iife",
    globalName: GLOBAL_NAME,
    target: "es2020",
    platform: "neutral",
    mainFields: ["module", "main"],
    minify,
    legalComments: "none",
    // Non-ASCII text as UTF-8 characters, not \uXXXX escapes (3 bytes, not 6): Apps Script stores
    // and runs a script file as UTF-8, and clasp uploads the file's text as it is.
    charset: "utf8",
    write: false,
    logLevel: "error",
    metafile: true,
    // The spreadsheet scope as a literal: esbuild leaves out the other build's code (src/build-constants.d.ts).
    define: {
      __BUSINESS_LEADS_DEFAULT_BASE_URL__: JSON.stringify(baseUrl),
      BUSINESS_LEADS_SPREADSHEET_SCOPE: JSON.stringify(scope),
      __BUSINESS_LEADS_ADDON_NAME__: JSON.stringify(listing.name),
      __BUSINESS_LEADS_PAGES_URL__: JSON.stringify(listing.pagesUrl),
    },
  });
  const header = "// Business Leads for Google Sheets. Generated by scripts/build.mjs: edit src/, not this file.\n";
  const stubs = "\n// Global entry points, generated from src/entry-points.ts.\n" + entries.map(stubFor).join("\n");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const code = header + bundle.outputFiles[0].text + stubs;
  writeFileSync(path.join(outDir, "Code.js"), code);
  writeFileSync(path.join(outDir, "appsscript.json"), manifestFor(baseUrl, scope));
  const sidebarHtml = buildSidebar(outDir, { minify });
  return { code, metafile: bundle.metafile, entries, sidebarHtml };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const rawBaseUrl = option(argv, "base-url", "BASE_URL");
  let baseUrl = "";
  try {
    baseUrl = rawBaseUrl === undefined ? "" : normaliseBaseUrl(rawBaseUrl);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const outDir = path.resolve(option(argv, "out-dir", "") ?? dist);
  const scope = option(argv, "scope", "") ?? "currentonly";
  const { code, entries, sidebarHtml } = build({ baseUrl, outDir, scope });
  const shown = path.relative(process.cwd(), outDir) || ".";
  console.log(
    `${shown}/Code.js: ${Buffer.byteLength(code)} bytes, ${entries.length} entry ` +
      `points; ${shown}/Sidebar.html: ${Buffer.byteLength(sidebarHtml)} bytes`,
  );
  if (baseUrl) console.log(`production build for ${baseUrl} (default address and urlFetchWhitelist)`);
  console.log(`spreadsheet scope: ${SCOPES[scope]}`);
}
