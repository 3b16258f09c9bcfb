/** Jest: TypeScript through swc; tests live under test/ and mirror src/ and dev/. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["@swc/jest", { jsc: { target: "es2022" } }] },
  reporters: ["default", "<rootDir>/test/summary-reporter.js"],
  testTimeout: 60000,
};
