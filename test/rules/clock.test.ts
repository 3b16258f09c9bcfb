// Checks the one place src/ reads the time of day: the runtime's milliseconds since the epoch.
import { timeNow } from "../../src/rules/clock";

describe("timeNow", () => {
  it("is the runtime's Date.now()", () => {
    const spy = jest.spyOn(Date, "now").mockReturnValue(1_764_000_000_000);
    try {
      expect(timeNow()).toBe(1_764_000_000_000);
    } finally {
      spy.mockRestore();
    }
  });
});
