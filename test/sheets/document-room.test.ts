// Tests the words of the room notice, the one place they are checked: the share of Google's cell limit in use and the cells left,
// figures grouped; nothing said before 80 %. The behaviour (when the settings and the self-check show it) is cell-limit.test.ts's.
import { roomNotice } from "../../src/sheets/document-room";

const LIMIT = 10_000_000;

describe("roomNotice", () => {
  it("says nothing below 80 % of the limit", () => {
    expect(roomNotice({ used: 7_999_999, left: LIMIT - 7_999_999 })).toBeNull();
  });

  it("past 80 %: the share in whole percent, the limit and the cells left, figures grouped, and what to do", () => {
    expect(roomNotice({ used: 8_456_789, left: LIMIT - 8_456_789 })).toBe(
      "This spreadsheet uses 84 % of Google's limit of 10,000,000 cells (1,543,211 left): new results sheets may not fit. " +
        "Delete sheets you no longer need, or empty rows and columns.",
    );
  });
});
