// axe-core in the browser tests: the page gets node_modules/axe-core/axe.min.js injected, then
// `axe.run` with the WCAG 2.1 A and AA rules over what the page shows; a view passes with no violation.
import { readFileSync } from "node:fs";
import type { Page } from "../../dev/browser/playwright";

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One violation as the failure says it: the rule, and where (its first few targets). */
export interface AxeFinding {
  rule: string;
  impact: string | null;
  where: string[];
  summary: string;
}

export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate<boolean>("typeof window.axe === 'object'"))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate<AxeFinding[]>(
    `(async () => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ${JSON.stringify(WCAG_21_AA)} }` +
      `, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      where: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
      summary: (v.nodes[0] && v.nodes[0].failureSummary || "").slice(0, 300),
    }));
  })()`,
  );
}

/** No WCAG 2.1 A/AA violation in `view` as the page shows it now. */
export async function expectAccessible(page: Page, view: string): Promise<void> {
  expect([view, await axeViolations(page)]).toEqual([view, []]);
}
