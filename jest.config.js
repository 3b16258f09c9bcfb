/** Jest: TypeScript through swc; tests live under test/ and mirror src/ and dev/. */
const listing = require("./listing/listing.json");

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2022" } }] },
  // scripts/build.mjs defines the spreadsheet scope in the bundle; src/ run without a build is the
  // default build, as `npm run build` makes it (src/build-constants.d.ts). The name and the pages'
  // address come from the listing's config, as the build takes them (src/ui/build-defaults.ts).
  globals: {
    BUSINESS_LEADS_SPREADSHEET_SCOPE: "currentonly",
    __BUSINESS_LEADS_ADDON_NAME__: listing.name,
    __BUSINESS_LEADS_PAGES_URL__: listing.pagesUrl,
  },
  reporters: ["default", "<rootDir>/test/slowest-files-reporter.js", "<rootDir>/test/summary-reporter.js"],
  // One chromium for the whole run, which the browser test files connect to (test/browser/shared-browser.ts).
  globalSetup: "<rootDir>/test/global-setup.ts",
  globalTeardown: "<rootDir>/test/global-teardown.ts",
  // A timeout catches a hang, never a slow machine: a unit test gets a minute, the files that run
  // the bundle, the simulator, a browser or a child process get minutes (test/timeouts.ts).
  testTimeout: 60000,
  setupFilesAfterEnv: ["<rootDir>/test/timeouts.ts"],
  // One worker per core (jest's default leaves one core free): a test file's thread is busy most
  // of its time, and its simulator and HTTP threads mostly wait. 2 workers: npm test in half the time.
  maxWorkers: "100%",
  // A fresh clone has no timings of a last run: the slow folders start first (test/sequencer.js).
  testSequencer: "<rootDir>/test/sequencer.js",
};
