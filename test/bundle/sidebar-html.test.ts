// Tests the built dist/Sidebar.html as Apps Script serves it: self-contained (no external src or
// href, no @import or url(), no network call of its own), within the 64 KB budget (bench/sidebar-figures.ts), inserting text
// as text only, and carrying the accessible names the browser tests rely on (SIDEBAR-CONTRACT).
import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";

const html = readFileSync(path.resolve(__dirname, "../../dist/Sidebar.html"), "utf8");
const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
const styles = [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/gi)];
// The build leaves a plain attribute value unquoted; the checks below read it quoted.
const markup = html
  .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
  .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "")
  .replace(/=([\w-]+)(?=[\s>])/g, '="$1"');
const script = scripts.map((m) => m[2] ?? "").join("\n");
const style = styles.map((m) => m[2] ?? "").join("\n");

describe("dist/Sidebar.html", () => {
  it("is at most 64 KB", () => {
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(64 * 1024);
  });

  it("inlines its one script and one stylesheet and loads nothing from elsewhere", () => {
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(scripts[0]?.[1]).not.toMatch(/\bsrc\s*=/i);
    expect(script.length).toBeGreaterThan(1000);
    expect(markup).not.toMatch(/\s(src|href|srcset|action|formaction)\s*=/i);
    expect(markup).not.toMatch(/<(link|iframe|img|object|embed)\b/i);
    expect(style).not.toMatch(/@import|url\(/i);
    expect(script).not.toMatch(/\b(fetch|XMLHttpRequest|WebSocket|EventSource|importScripts)\b|\bimport\(/);
  });

  it("holds a script that parses, and no way to insert service or sheet text as HTML", () => {
    expect(() => new vm.Script(script)).not.toThrow();
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser/);
  });

  it("has the agreed headings, labels and buttons", () => {
    for (const heading of ["Settings", "Select your rows", "Jobs", "Open an existing job"]) {
      expect(markup).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    }
    // The work as tabs, each naming the panel it shows.
    for (const [id, tab, panel] of [
      ["tab-search", "New search", "panel-search"],
      ["tab-enrich", "Enrich rows", "panel-enrich"],
      ["tab-open", "Open a job", "panel-open"],
    ]) {
      expect(markup).toMatch(
        new RegExp(`<button id="${id}" type="button" role="tab" aria-selected="(true|false)" aria-controls="${panel}">${tab}</button>`),
      );
      expect(markup).toMatch(new RegExp(`<section id="${panel}"[^>]*role="tabpanel" aria-labelledby="${id}"`));
    }
    expect(markup).toMatch(/<button id="open-settings"[^>]*aria-expanded="false" aria-controls="settings">Settings<\/button>/);
    expect(markup).toMatch(/<button id="dismiss-message"[^>]*aria-label="Dismiss message"/);
    const labels = [
      "API key",
      "Service address",
      "Share my key with formulas in this document",
      "Search for",
      "Location",
      "Max results",
      "Language",
      "Enrich contacts",
      "List name",
      "Re-enrich",
      "Job ID",
    ];
    for (const label of labels) expect(markup).toMatch(new RegExp(`<label for="[\\w-]+"[^>]*>${label}</label>`));
    const buttons = [
      "Save settings",
      "Start search",
      "Check selection",
      "Enrich rows",
      "Refresh jobs",
      "Show recent jobs",
      "More",
      "Open job",
      "Check this spreadsheet",
    ];
    for (const button of buttons) expect(markup).toMatch(new RegExp(`<button[^>]*>${button}</button>`));
    expect(markup).toMatch(/<input id="api-key"[^>]*type="password"/);
    expect(markup).toMatch(/role="combobox"[^>]*aria-expanded="false"[^>]*aria-controls="location-list"/);
    expect(markup).toMatch(/<ul id="location-list" role="listbox"/);
    expect(markup).toMatch(/<progress[^>]*aria-label="Credits remaining"/);
    expect(markup).toMatch(/role="status" aria-live="polite"/);
    expect(markup).toMatch(/role="alert"/);
    expect(markup).toMatch(/<ul id="jobs" role="list"/);
    // Made per job by the script.
    for (const text of ["Open sheet", "Refresh", "Off", "Daily", "Weekly", "Import", "data-job-id", "listitem"])
      expect(script).toContain(`"${text}"`);
  });

  it("fetches no font and names only local ones", () => {
    expect(style).toMatch(/font-family:[^;]*Roboto/);
    expect(style).toMatch(/#1a73e8/i);
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic|@font-face/);
  });
});
