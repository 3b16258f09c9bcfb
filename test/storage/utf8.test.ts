// UTF-8 sizes without TextEncoder agree with Node's for every kind of character, and clipping by
// bytes stays within the budget without splitting a surrogate pair.
import { clipToBytes, utf8Bytes } from "../../src/storage/utf8";

const samples = [
  "",
  "plain ascii",
  "café",
  "日本語の会社名",
  "🦀 crab & 🇧🇷",
  '\u0000\u001f"\\',
  "a\ud800b",
  "\udc00",
  "x".repeat(9000),
  "漢".repeat(5000),
];

describe("utf8Bytes", () => {
  it.each(samples.map((s) => [s.slice(0, 20), s]))("counts %j as Node does", (_, text) => {
    expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, "utf8"));
  });
});

describe("clipToBytes", () => {
  it("keeps a text that fits, and clips one that does not to at most the budget, marked with …", () => {
    expect(clipToBytes("日本", 6)).toBe("日本");
    const clipped = clipToBytes("漢".repeat(5000), 600);
    expect(utf8Bytes(clipped)).toBeLessThanOrEqual(600);
    expect(clipped.endsWith("…")).toBe(true);
    expect(clipped.length).toBe(200); // 199 characters of 3 bytes and the 3-byte ellipsis
  });

  it("never splits a surrogate pair", () => {
    for (let budget = 4; budget < 40; budget += 1) {
      const clipped = clipToBytes("🦀".repeat(20), budget);
      expect(utf8Bytes(clipped)).toBeLessThanOrEqual(budget);
      expect(Buffer.from(clipped, "utf8").toString("utf8")).toBe(clipped);
      expect(/[\ud800-\udbff](?![\udc00-\udfff])/.test(clipped)).toBe(false);
    }
  });
});
