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

/**
 * The part of a sample a build runs: all of it in test:all; in npm test every `builds`-th item from the build's `index`, so the
 * builds share the sample out (each still runs, none runs all) instead of each running the whole.
 */
export function sharedOut<T>(sample: readonly T[], index: number, builds: number): T[] {
  return FULL_TIER ? [...sample] : sample.filter((_, i) => i % builds === index);
}

/**
 * `describe.each(builds)` in test:all; in npm test the scenario on `quick` only, the other builds skipped saying why (a file
 * gives its scenarios to the builds in turn, so that npm test still runs each build). `$build` in the name is the build's name.
 */
export function onBuilds<B extends { build: string }>(builds: readonly B[], quick: B) {
  return (name: string, fn: (build: B) => void): void => {
    for (const build of builds) {
      const title = name.replace("$build", build.build);
      const run = build === quick ? describe : inFullTier(`the same scenario as on the ${quick.build} build, which npm test runs`);
      run(title, () => fn(build));
    }
  };
}
