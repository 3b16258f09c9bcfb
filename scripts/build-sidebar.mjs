// Builds dist/Sidebar.html: the sidebar's own small bundle (src/sidebar/sidebar-page.ts, DOM code) and
// its stylesheet inlined into src/sidebar/sidebar.html, so the file is self-contained (no CDN,
// no external src or href) as contract.md requires.
import { minifySync } from "@swc/core";
import { buildSync } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(root, "src/sidebar");

/** Text inlined into <script> or <style> must not close its element early. */
function inlineSafe(text, tag) {
  return text.replace(new RegExp(`</(${tag})`, "gi"), "<\\/$1");
}

/**
 * The stylesheet's custom properties (--blue, --line…) under short names: they are named only inside
 * sidebar.css (no script reads or sets one), so a consistent renaming draws the same page.
 */
function shortProperties(css) {
  const names = [...new Set(css.match(/--[\w-]+/g) ?? [])];
  const short = new Map(names.map((name, i) => [name, `--${(i + 10).toString(36)}`]));
  return css.replace(/--[\w-]+/g, (name) => short.get(name)).replace(/(--\w+):\s+/g, "$1:");
}

export function buildSidebar(dist, { minify = true } = {}) {
  const bundle = buildSync({
    entryPoints: [path.join(source, "sidebar-page.ts")],
    bundle: true,
    format: "iife",
    // What the browsers Google Sheets supports run (optional chaining, ??): no down-levelling, a
    // smaller page.
    target: "es2020",
    platform: "browser",
    minify,
    legalComments: "none",
    // “ and … as UTF-8 (the page's charset), not as \u escapes: half the bytes.
    charset: "utf8",
    // document, Math, HTMLElement… under one-letter names (scripts/sidebar-globals.mjs).
    inject: minify ? [path.join(root, "scripts/sidebar-globals.mjs")] : [],
    write: false,
    logLevel: "error",
  }).outputFiles[0].text;
  // A second, safe-only pass (no unsafe_* option: the same program) finds what esbuild leaves. Three
  // passes without collapse_vars (which moves one-use values into their use, often longer) measured
  // 382 bytes under the defaults (48,134 B) on 2026-12-06.
  const compress = { ecma: 2020, passes: 3, collapse_vars: false };
  const script = minify
    ? minifySync(bundle, { compress, mangle: true, ecma: 2020, format: { asciiOnly: false, comments: false } }).code
    : bundle;
  const css = buildSync({
    entryPoints: [path.join(source, "sidebar.css")],
    bundle: true,
    minify,
    write: false,
    logLevel: "error",
  }).outputFiles[0].text;
  const style = minify ? shortProperties(css) : css;
  // The page's indentation and line breaks between tags are for its readers: the browser draws none of
  // them (no two inline elements of the page sit side by side on separate lines).
  const template = readFileSync(path.join(source, "sidebar.html"), "utf8")
    // Comments are for the page's readers; the browser draws none of them.
    .replace(/<!--[\s\S]*?-->\n?/g, "")
    .replace(/\n\s+/g, "\n")
    .replace(/>\n</g, "><")
    // An attribute value of letters, digits, _ and - needs no quotes (HTML's unquoted attribute syntax).
    .replace(/="([\w-]+)"(?=[\s>])/g, "=$1");
  // Replacer functions: a "$" in the bundle must not be read as a replacement pattern.
  const html = template
    .replace("/*SIDEBAR_STYLE*/", () => inlineSafe(style.trim(), "style"))
    .replace("/*SIDEBAR_SCRIPT*/", () => inlineSafe(script.trim(), "script"));
  writeFileSync(path.join(dist, "Sidebar.html"), html);
  return html;
}
