// Website normalisation and match keys (src/enrich/list/normalise.ts): bare domains become https://
// addresses, anything that is not an absolute web address with a host is refused with a reason,
// and normalising twice changes nothing.
import { checkName, cleanText, matchKey, normaliseWebsite } from "../../../src/enrich/list/normalise";

describe("cleanText", () => {
  it(
    'collapses inner whitespace and trims, as replace(/\\s+/g, " ").trim() does, for every text of up to 5 characters of spaces, tabs, ' +
      "line breaks, non-breaking and other spaces and letters",
    () => {
      const alphabet = [" ", "\t", "\n", "\u00a0", "\ufeff", "\u2028", "\u3000", "a", "b"];
      const differ: string[] = [];
      const each = (text: string, left: number): void => {
        if (cleanText(text) !== text.replace(/\s+/g, " ").trim()) differ.push(JSON.stringify(text));
        if (left > 0) for (const char of alphabet) each(text + char, left - 1);
      };
      each("", 5);
      expect(differ).toEqual([]);
      expect([cleanText("  Acme   Inc "), cleanText(null), cleanText(42), cleanText(new Date(0))]).toEqual(["Acme Inc", "", "42", ""]);
    },
  );
});

describe("normaliseWebsite", () => {
  it.each([
    ["acme.com", "https://acme.com"],
    ["  www.Acme.com/contact ", "https://www.acme.com/contact"],
    ["HTTP://ACME.COM/", "http://acme.com"],
    ["https://acme.com:443/a?b=1#frag", "https://acme.com/a?b=1"],
    ["http://acme.com:8080", "http://acme.com:8080"],
    ["acme.com:8080/x", "https://acme.com:8080/x"],
    ["//cdn.acme.com/", "https://cdn.acme.com"],
    ["https://acme.com/Path/", "https://acme.com/Path/"],
  ])("%j → %j", (typed, expected) => {
    const first = normaliseWebsite(typed);
    expect(first).toEqual({ ok: true, value: expected });
    expect(normaliseWebsite(expected)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["", /no website/],
    ["ftp://files.acme.com", /not a web address \(ftp:\)/],
    ["mailto:info@acme.com", /not a web address \(mailto:\)/],
    ["info@acme.com", /e-mail/],
    ["/contact", /relative/],
    ["./about", /relative/],
    ["https://", /no host/],
    ["https:acme.com", /no host/],
    ["Acme", /no valid domain/],
    ["acme .com", /^not a website address$/],
    ["not a website", /^not a website address$/],
  ])("refuses %j", (typed, reason) => {
    const result = normaliseWebsite(typed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe("names and keys", () => {
  it("trims names, refuses blank and over-long ones", () => {
    expect(checkName("  Acme   Inc ")).toEqual({ ok: true, value: "Acme Inc" });
    expect(checkName("   ").ok).toBe(false);
    expect(checkName("x".repeat(201))).toEqual({ ok: false, reason: "name longer than 200 characters" });
    expect(checkName("=Acme")).toEqual({ ok: true, value: "=Acme" });
  });

  it("treats case, spacing and a trailing slash as the same pair, paths of other case as different", () => {
    expect(matchKey(" ACME  inc", "https://acme.com/")).toBe(matchKey("Acme Inc", "https://acme.com"));
    // One website written two ways: the scheme, a leading www. and the host's case aside.
    expect(matchKey("Cedar Creek Vet", "http://www.cedarcreekvet.com/")).toBe(matchKey("Cedar Creek Vet", "https://CedarCreekVet.com"));
    expect(matchKey("Acme", "https://acme.com/A")).not.toBe(matchKey("Acme", "https://acme.com/a"));
  });
});
