// Tests websiteKey (src/rules/website-key.ts): one website written two ways is one business's,
// equal up to the scheme, a leading www., the host's case and a trailing slash; paths still count.
import { websiteDomain, websiteKey } from "../../src/rules/website-key";

describe("websiteKey", () => {
  it.each([
    ["http://www.cedarcreekvet.com/", "https://cedarcreekvet.com"],
    ["HTTPS://WWW.CedarCreekVet.com", "cedarcreekvet.com/"],
    ["//www.acme.com/contact/", "https://acme.com/contact"],
  ])("%s is %s", (a, b) => expect(websiteKey(a)).toBe(websiteKey(b)));

  it("keeps what tells two pages apart: the path's case, a port, another subdomain", () => {
    expect(websiteKey("https://acme.com/A")).not.toBe(websiteKey("https://acme.com/a"));
    expect(websiteKey("https://shop.acme.com")).not.toBe(websiteKey("https://acme.com"));
    expect(websiteKey("")).toBe("");
  });

  it("gives the domain alone", () => {
    expect(websiteDomain("https://www.Acme.com:8080/contact?x=1")).toBe("acme.com");
  });
});
