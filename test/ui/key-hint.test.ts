// Tests the masked hint of a saved key: at most its last four characters, never the key.
import { maskedKeyHint } from "../../src/ui/settings-commands";

describe("maskedKeyHint", () => {
  it("shows only the last four characters of a key", () => {
    expect(maskedKeyHint("sk-live-0123456789abcdef3f9a")).toBe("••••3f9a");
  });
  it("shows the last four of a short key too, but never a whole key", () => {
    expect(maskedKeyHint("demo-growth")).toBe("••••owth");
    expect(maskedKeyHint("abcd")).toBe("••••");
  });
  it("is null without a key", () => {
    expect(maskedKeyHint(null)).toBeNull();
    expect(maskedKeyHint("")).toBeNull();
  });
});
