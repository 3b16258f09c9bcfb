// Checks the values a build bakes in, as jest.config.js defines them for src/ unbuilt: the add-on's
// name and support page from listing/listing.json.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ADDON_NAME, SUPPORT_URL } from "../../src/ui/build-defaults";

const listing = JSON.parse(readFileSync(path.resolve(__dirname, "../../listing/listing.json"), "utf8")) as {
  name: string;
  pagesUrl: string;
};

describe("build defaults", () => {
  it("names the add-on as the listing does, with its support page there", () => {
    expect(ADDON_NAME).toBe(listing.name);
    expect(SUPPORT_URL).toBe(`${listing.pagesUrl}support.html`);
    expect(SUPPORT_URL).toMatch(/^https:\/\/.+\/support\.html$/);
  });
});
