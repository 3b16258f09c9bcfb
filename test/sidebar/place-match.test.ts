// Tests how pasted city names are resolved against the catalog (src/sidebar/place-match.ts):
// the names of a pasted column, matched / ambiguous / not found, and the sentences said of them.
import type { Location } from "../../src/api/schemas";
import { canLookUp, lookupSummary, markListed, matchPlace, matchWords, pastedNames } from "../../src/sidebar/place-match";

const place = (name: string, region: string, cc = "US"): Location => ({
  name,
  full_name: `${name}, ${region}, United States`,
  label: `${name}, ${region}, ${cc}`,
  country_code: cc,
});
const springfields = ["Illinois", "Missouri", "Massachusetts", "Ohio"].map((region) => place("Springfield", region));

describe("pastedNames", () => {
  it(
    "takes one name a line (of a row copied with more cells, its first), " + "each once whatever its case or accents, blank lines left out",
    () => {
      expect(pastedNames("Dallas\r\n\r\n  Plano  \nplano\nCórdoba\ncordoba\n\tIrving\tTX\n")).toEqual({
        names: ["Dallas", "Plano", "Córdoba", "Irving"],
        left: 0,
      });
    },
  );
  it("looks up at most the 50 places a territory takes, and counts the rest", () => {
    const many = Array.from({ length: 53 }, (_, i) => `City ${i}`).join("\n");
    expect(pastedNames(many)).toEqual({ names: Array.from({ length: 50 }, (_, i) => `City ${i}`), left: 3 });
  });
  it("sends no look-up the catalog would refuse (under 2 or over 100 characters)", () => {
    expect([canLookUp("X"), canLookUp("Ky"), canLookUp("a".repeat(100)), canLookUp("a".repeat(101))]).toEqual([false, true, true, false]);
  });
});

describe("matchPlace", () => {
  it("matches the only place found, or the only one of that name among several", () => {
    const dallas = place("Dallas", "Texas");
    expect(matchPlace("Dallas", [dallas])).toEqual({ kind: "matched", name: "Dallas", place: dallas });
    const austin = place("Austin", "Texas");
    expect(matchPlace("austin", [austin, place("Austintown", "Ohio")])).toEqual({ kind: "matched", name: "austin", place: austin });
    expect(matchPlace("Springfield, Ohio, US", springfields).kind).toBe("matched");
  });
  it("offers the places of that name to choose from when there are several, else every place found", () => {
    expect(matchPlace("Springfield", [...springfields, place("Springdale", "Arkansas")])).toEqual({
      kind: "ambiguous",
      name: "Springfield",
      choices: springfields,
    });
    const starts = [place("Springdale", "Arkansas"), place("Spring Hill", "Florida")];
    expect(matchPlace("Spring", starts)).toEqual({ kind: "ambiguous", name: "Spring", choices: starts });
  });
  it("finds nothing when the catalog has nothing", () => {
    expect(matchPlace("Atlantis", [])).toEqual({ kind: "notFound", name: "Atlantis" });
  });
});

describe("what is said", () => {
  it("each name: added as its full name, places to choose from, or nothing searched for it", () => {
    expect(matchWords({ kind: "matched", name: "Dallas", place: place("Dallas", "Texas") })).toBe("Added: Dallas, Texas, United States");
    expect(matchWords({ kind: "ambiguous", name: "Springfield", choices: springfields })).toBe(
      "4 places found: choose one. Not listed? Type it with its region in Location.",
    );
    expect(matchWords({ kind: "notFound", name: "Atlantis" })).toBe("Not in the catalog: nothing is searched for it.");
  });
  it("the whole list: what was added, what is to choose, what was not found, and the names not looked up", () => {
    const matches = [matchPlace("Dallas", [place("Dallas", "Texas")]), matchPlace("Springfield", springfields), matchPlace("Atlantis", [])];
    expect(lookupSummary(matches, 0)).toBe("Looked up 3 names: 1 added, 1 to choose below, 1 not found.");
    expect(lookupSummary(matches.slice(0, 1), 2)).toBe(
      "Looked up 1 name: 1 added. 2 more were not looked up: one search covers at most 50 places.",
    );
  });
  it("a place listed already, or matched by an earlier name, is said to be listed, not added", () => {
    const dallas = place("Dallas", "Texas");
    const austin = place("Austin", "Texas");
    const matches = markListed(
      [
        matchPlace("Austin", [austin]),
        matchPlace("Dallas", [dallas]),
        matchPlace("Dallas, Texas, US", [dallas]),
        matchPlace("Atlantis", []),
      ],
      [austin.label],
    );
    expect(matches.map((match) => (match.kind === "matched" ? (match.listed ?? false) : match.kind))).toEqual([
      true,
      false,
      true,
      "notFound",
    ]);
    expect(matchWords(matches[0] ?? { kind: "notFound", name: "" })).toBe("Listed already: Austin, Texas, United States");
    expect(lookupSummary(matches, 0)).toBe("Looked up 4 names: 1 added, 2 listed already, 1 not found.");
  });
});
