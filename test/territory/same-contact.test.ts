// Tests the same-contact marker of a territory's sheet (src/territory/same-contact.ts): the first row
// with a website's domain or an email address holds it; a later row sharing one names that first
// row's business, whichever key it shares; rows sharing nothing are left empty.
import { websiteDomain } from "../../src/rules/website-key";
import { sameContactMarkers } from "../../src/territory/same-contact";

describe("websiteDomain", () => {
  it.each([
    ["https://www.Acme.com/contact?x=1", "acme.com"],
    ["acme.com", "acme.com"],
    ["http://acme.com:8080/", "acme.com"],
    ["", ""],
  ])("%s → %s", (website, domain) => expect(websiteDomain(website)).toBe(domain));
});

describe("sameContactMarkers", () => {
  it("tells branches of one name apart by their row, and one website written two ways is one", () => {
    const markers = sameContactMarkers([
      { row: 12, name: "Cedar Creek Vet", website: "http://www.cedarcreekvet.com/", emails: [] },
      { row: 13, name: "Cedar Creek Vet", website: "https://CedarCreekVet.com", emails: [] },
    ]);
    expect(markers.get(13)).toBe("Cedar Creek Vet (row 12)");
  });

  it("names the first row sharing a domain or an address, and its row, going down the sheet", () => {
    const markers = sameContactMarkers([
      { row: 5, name: "Smile Dental – Elm St", website: "https://smile.example/elm", emails: ["info@smile.example"] },
      { row: 2, name: "Smile Dental – Main St", website: "https://www.smile.example/", emails: [] },
      { row: 3, name: "Bright Teeth", website: "https://bright.example", emails: ["Owner@Family.example"] },
      { row: 4, name: "Family Dental", website: "", emails: ["owner@family.example"] },
      { row: 6, name: "Lone Clinic", website: "https://lone.example", emails: [] },
    ]);
    expect([...markers].sort(([a], [b]) => a - b)).toEqual([
      [2, ""],
      [3, ""],
      [4, "Bright Teeth (row 3)"],
      [5, "Smile Dental – Main St (row 2)"],
      [6, ""],
    ]);
  });
});
