// This file defines the two tiers of the tests: `npm test` (the default: every kind of test, at
// sizes that prove the logic in a few minutes) and `npm run test:all` (TEST_TIER=all: the full
// sizes too, such as the 20,000-row runs and all the seeded fault schedules; what CI runs).

export const FULL_TIER = process.env.TEST_TIER === "all";

/** `small` in npm test, `full` in npm run test:all. */
export function bySize<T>(small: T, full: T): T {
  return FULL_TIER ? full : small;
}

/**
 * `describe` (or `inBrowser`, a describe that skips without chromium) in npm run test:all; in npm
 * test a skip that says why, in the output and in the skipped tests' names: never a silent one.
 */
export function inFullTier(why: string, inBrowser: jest.Describe = describe): jest.Describe {
  if (FULL_TIER) return inBrowser;
  return ((name: string, fn: () => void) => {
    process.stdout.write(`"${name}" runs in npm run test:all: ${why}.\n`);
    describe.skip(`${name} (npm run test:all: ${why})`, fn);
  }) as jest.Describe;
}
