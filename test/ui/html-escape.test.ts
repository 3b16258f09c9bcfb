// Checks that text put into a dialog's HTML shows as text: the five markup characters are escaped.
import { escapeHtml } from "../../src/ui/html-escape";

describe("escapeHtml", () => {
  it("escapes & < > \" ' and leaves the rest", () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">Café</a>`)).toBe("&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;Café&lt;/a&gt;");
  });
  it("escapes & first, so an entity in the text shows as written", () => {
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });
});
