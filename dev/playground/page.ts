// This file defines the playground's page: the emulated spreadsheet (toolbar, formula bar, cells
// with their editor, sheet tabs, the virtual clock's control) on the left and the add-on's built
// sidebar in a 300 px iframe on the right, as Sheets lays them out; its script is
// dev/playground/client/grid.ts, bundled when the server starts.
import { buildSync } from "esbuild";
import * as path from "node:path";

export function bundleGridScript(root: string): string {
  const result = buildSync({
    entryPoints: [path.join(root, "dev/playground/client/grid.ts")],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2020",
    logLevel: "error",
  });
  const file = result.outputFiles[0];
  if (file === undefined) throw new Error("esbuild produced no grid script");
  // Inlined in a <script>: a "</script" inside the code would end it early.
  return file.text.replace(/<\/script/gi, "<\\/script");
}

export interface PageInfo {
  demoKey: string;
  simUrl: string;
  hostile: boolean;
}

const STYLE =
  `
  * { box-sizing: border-box; }
  body { margin: 0; font: 13px/1.4 Roboto, Arial, sans-serif; color: #202124; display: flex; height: 100vh; overflow: hidden; }
  #sheet { flex: 1; display: flex; flex-direction: column; min-width: 0; border-right: 1px solid #dadce0; }
  header { padding: 8px 12px; border-bottom: 1px solid #dadce0; }
  header h1 { font-size: 18px; font-weight: 400; margin: 0 0 4px; }
  .clock-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
  .toolbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; padding: 6px 12px; border-bottom: 1px solid #dadce0; ` +
  `background: #f8f9fa; }
  button { font: inherit; padding: 4px 10px; border: 1px solid #dadce0; border-radius: 4px; background: #fff; cursor: pointer; }
  button:disabled { color: #9aa0a6; cursor: default; }
  button:focus-visible, textarea:focus-visible { outline: 2px solid #1a73e8; }
  output { font-family: monospace; }
  /* The formula row keeps its height whatever it shows: an error line appearing under the pointer must not move the grid. */
  .formula-row { display: flex; gap: 8px; align-items: center; padding: 4px 12px; border-bottom: 1px solid #dadce0; height: 42px; ` +
  `overflow: hidden; }
  .formula-row .fx { color: #5f6368; font-style: italic; }
  #formula-bar { flex: 1; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  #cell-error { color: #c5221f; max-width: 60%; font-size: 12px; line-height: 16px; max-height: 32px; overflow: hidden; display: ` +
  `-webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; }
  #cell-error[hidden] { display: none; }
  /* Sideways the view stops at a column's left edge, past the row numbers and the frozen columns (scroll-padding-left, ` +
  `set by the page): no column is half hidden under them. */
  #grid-wrap { flex: 1; overflow: auto; position: relative; scroll-snap-type: x mandatory; }
  /* Separate borders: collapsed ones do not move with sticky cells, and the rows scrolled under the header showed through them. */
  #grid { border-collapse: separate; border-spacing: 0; font-size: 12px; }
  #grid:focus { outline: none; }
  #grid th { background: #f8f9fa; color: #5f6368; font-weight: 400; border: 0 solid #e0e0e0; border-width: 0 1px 1px 0; padding: ` +
  `2px 6px; line-height: 16px; position: sticky; top: 0; z-index: 3; white-space: nowrap; }
  #grid thead th:not(.frozen-column):not(.corner) { scroll-snap-align: start; }
  #grid tbody th { position: sticky; left: var(--row-numbers-left, 0); top: auto; text-align: right; z-index: 1; }
  #grid thead th.corner { left: var(--row-numbers-left, 0); z-index: 5; }
  /* Frozen columns (a results sheet's Name) stay left while the others scroll under them; the page sets each one's left. */
  #grid thead th.frozen-column { z-index: 4; }
  #grid td.frozen-column { position: sticky; z-index: 1; background: #fff; }
  #grid tr.frozen td.frozen-column { z-index: 2; }
  /* A line where the frozen columns end, as Sheets draws one. */
  #grid .frozen-edge { box-shadow: inset -2px 0 0 #bdc1c6; }
  #grid td { border: 0 solid #e0e0e0; border-width: 0 1px 1px 0; background: #fff; padding: 2px 6px; max-width: 220px; min-width: 60px; ` +
  "height: 21px; line-height: 16px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: cell; user-select: none; " +
  `position: relative; }
  /* Frozen rows stay under the column letters while the rows below them scroll. */
  #grid tr.frozen td { position: sticky; top: var(--head-height, 22px); z-index: 1; }
  #grid tbody tr.frozen th { top: var(--head-height, 22px); z-index: 2; }
  #grid td.number { text-align: right; }
  #grid td.error { text-align: center; }
  #grid tr.frozen td { font-weight: 700; background: #f1f3f4; }
  /* A line where the frozen rows end, as Sheets draws one. */
  #grid tr.frozen-edge td, #grid tr.frozen-edge th { border-bottom: 2px solid #bdc1c6; }
  #grid td.selected { background: #e8f0fe; }
  #grid td.active { outline: 2px solid #1a73e8; outline-offset: -2px; }
  #grid td.error::after { content: ""; position: absolute; top: 0; right: 0; border-top: 7px solid #d93025; border-left: ` +
  `7px solid transparent; }
  #cell-editor { position: absolute; z-index: 2; font: 12px Roboto, Arial, sans-serif; padding: 2px 5px; border: 2px solid #1a73e8; ` +
  `background: #fff; box-shadow: 0 2px 6px rgba(60,64,67,.3); }
  .tabs-bar { flex: none; display: flex; align-items: center; gap: 6px; padding: 4px 12px; border-top: 1px solid #dadce0; background: ` +
  `#f8f9fa; }
  #tabs { flex: 1; min-width: 0; display: flex; flex-wrap: nowrap; gap: 2px; overflow-x: auto; overflow-y: hidden; }
  #tabs input { font: inherit; padding: 3px 8px; width: 180px; }
  #tabs [role=tab] { flex: none; white-space: nowrap; max-width: 240px; overflow: hidden; text-overflow: ellipsis; border-radius: ` +
  `0 0 4px 4px; }
  #tabs [role=tab][aria-selected=true] { background: #e8f0fe; color: #1967d2; font-weight: 500; }
  details { padding: 6px 12px; border-bottom: 1px solid #dadce0; }
  textarea { width: 100%; height: 90px; font: 12px monospace; }
  .paste-header { display: flex; align-items: center; gap: 6px; margin: 4px 0; }
  #page-status { margin: 4px 0 0; color: #188038; min-height: 1.4em; }
  #grid-note { margin: 4px 12px; color: #5f6368; }
  #sidebar { width: 300px; min-width: 300px; height: 100vh; border: 0; }
  /* The skip link: out of sight until the keyboard reaches it, first on the page. */
  .skip-link { position: absolute; left: -10000px; top: 8px; z-index: 20; background: #fff; padding: 6px 10px; border: ` +
  `2px solid #1a73e8; border-radius: 4px; color: #1a73e8; }
  .skip-link:focus { left: 8px; }
  #grid-menu { position: fixed; z-index: 30; display: flex; flex-direction: column; padding: 4px 0; background: #fff; border: ` +
  `1px solid #dadce0; border-radius: 4px; box-shadow: 0 2px 6px rgba(60,64,67,.3); }
  #grid-menu[hidden] { display: none; }
  #grid-menu [role=menuitem] { border: 0; border-radius: 0; text-align: left; padding: 6px 16px; background: #fff; }
  #grid-menu [role=menuitem]:hover, #grid-menu [role=menuitem]:focus { background: #e8f0fe; outline: none; }
  code { background: #f1f3f4; padding: 0 3px; }
`;

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function renderPage(info: PageInfo, gridScript: string): string {
  const key = escapeHtml(info.demoKey);
  const url = escapeHtml(info.simUrl);
  return (
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Business Leads playground</title><style>${STYLE}</style></head>
<body>
<a class="skip-link" id="skip-to-sidebar" href="#sidebar">Skip to the sidebar (F6)</a>
<main id="sheet" aria-label="Spreadsheet">
  <header>
    <h1>Business Leads playground</h1>
    <div class="clock-row">
      <span id="clock" role="timer"></span>
      <button type="button" data-advance-hours="1">+1 hour</button>
      <button type="button" data-advance-hours="24">+1 day</button>
    </div>
    <p id="page-status" role="status" aria-live="polite"></p>
  </header>
  <details>
    <summary>How to try it</summary>
    <p>The sidebar on the right is the add-on as built in <code>dist/</code>, running in the Apps Script fakes against the
    service simulator (${url}). It starts set up with the demo key <code>${key}</code>. Search "coffee" in
    "Austin, Texas, US" with 700 results and watch the rows arrive and fill in; paste a list below and enrich it (untick its header row ` +
    `to try a list without one); create a job
    elsewhere and import it. Click a cell (or move with the arrow keys) and type: values, or formulas such as
    <code>=LEADS_CREDITS()</code>, which need "Share my key with formulas" in Settings. In the grid Tab moves right, as in Sheets;
    F6 (or Ctrl+Alt+.) moves between the grid and the sidebar. Right-click a cell (or Shift+F10) to insert a column. ` +
    `Set a search to refresh daily and
    press "+1 day" to watch the background pass run it.
    Other demo keys to save in Settings: <code>demo-one-job</code> (1 job at a time: a long list's rows and a territory's searches
    wait, and Stop), <code>demo-revoked</code> (refused, 401), <code>demo-free-used</code> (no credits, 402),
    <code>demo-starter-low</code> (one small search); every key, ` +
    `in docs/playground.md, "The demo keys".` +
    `${info.hostile ? " Hostile values are on: every 5th business has a formula-like, signed, unicode or oversized value." : ""}</p>
  </details>
  <div class="toolbar">
    <span>Selection: <output id="selection" aria-label="Selection"></output></span>
    <button type="button" id="sort-asc">Sort A → Z</button>
    <button type="button" id="sort-desc">Sort Z → A</button>
    <button type="button" id="insert-left">Insert column left</button>
    <button type="button" id="insert-right">Insert column right</button>
    <button type="button" id="elsewhere">Create a job elsewhere</button>
    <button type="button" id="mail-merge">Mail merge: send, 2 bounce</button>
    <output id="elsewhere-id" aria-label="Job made elsewhere"></output>
    <button type="button" id="reload-sidebar">Reload sidebar</button>
  </div>
  <details>
    <summary>Paste a list</summary>
    <label for="paste-text">One business a line: name, then website (comma or tab between them)</label>
    <textarea id="paste-text">Blue Bottle Coffee, https://bluebottlecoffee.com
Houndstooth Coffee, https://houndstoothcoffee.com
Epoch Coffee, not a website</textarea>
    <div class="paste-header"><input type="checkbox" id="paste-header" checked><label for="paste-header">Put a header row (Name, ` +
    `Website) above it</label></div>
    <button type="button" id="paste">Paste as a new sheet</button>
  </details>
  <div class="formula-row">
    <span class="fx" aria-hidden="true">fx</span>
    <output id="formula-bar" aria-label="Formula bar"></output>
    <div id="cell-error" role="status" hidden></div>
  </div>
  <div id="grid-wrap">
    <table id="grid" role="grid" tabindex="0"></table>
    <input id="cell-editor" type="text" aria-label="Cell editor" autocomplete="off" spellcheck="false" hidden>
    <div id="grid-menu" role="menu" aria-label="Cell actions" hidden>
      <button type="button" role="menuitem" data-insert="left" tabindex="-1">Insert 1 column left</button>
      <button type="button" role="menuitem" data-insert="right" tabindex="-1">Insert 1 column right</button>
    </div>
    <div id="grid-below" aria-hidden="true"></div>
  </div>
  <div class="tabs-bar">
    <button type="button" id="add-sheet" aria-label="Add sheet" title="Add sheet">+</button>
    <div id="tabs" role="tablist" aria-label="Sheets"></div>
    <button type="button" id="rename-sheet" title="Or double-click a sheet's tab">Rename sheet</button>
  </div>
</main>
<iframe id="sidebar" title="Business Leads sidebar" src="/sidebar"></iframe>
<script>${gridScript}</script>
</body></html>`
  );
}
