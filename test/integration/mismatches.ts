// This file defines mismatches: many expectations checked as one, so a test of a whole sheet
// makes one jest assertion (thousands of expect() calls cost seconds) and still names every cell
// that is wrong.

/** The cells that differ from what was expected, as [where, actual, expected]: one assertion for a whole sheet. */
export function mismatches(checks: Iterable<[where: string, actual: unknown, expected: unknown]>): Array<[string, unknown, unknown]> {
  const out: Array<[string, unknown, unknown]> = [];
  for (const [where, actual, expected] of checks) {
    const same = expected instanceof RegExp ? typeof actual === "string" && expected.test(actual) : Object.is(actual, expected);
    if (!same) out.push([where, actual, expected instanceof RegExp ? String(expected) : expected]);
  }
  return out;
}
