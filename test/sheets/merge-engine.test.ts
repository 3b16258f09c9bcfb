// The one identity rule of the merges: a business is known by its Maps URL, else its place id.
import { identityOf, placeIdOf } from "../../src/sheets/merge-engine";
import type { Business } from "../../src/api/schemas";

const business = (fields: Record<string, unknown>): Business => ({ id: "b1", ...fields }) as unknown as Business;

describe("identityOf", () => {
  it("takes the Maps URL, and the place id from it", () => {
    expect(identityOf(business({ maps_url: "https://maps.example/?place_id=ChIJ42" }))).toEqual({
      mapsUrl: "https://maps.example/?place_id=ChIJ42",
      placeId: "ChIJ42",
    });
  });
  it("takes a place_id the service adds before the one in the URL", () => {
    expect(identityOf(business({ maps_url: "https://maps.example/place_id:ABC", place_id: " XYZ " }))).toEqual({
      mapsUrl: "https://maps.example/place_id:ABC",
      placeId: "XYZ",
    });
  });
  it("knows neither without a URL or a place id", () => {
    expect(identityOf(business({ maps_url: "" }))).toEqual({ mapsUrl: null, placeId: null });
    expect(placeIdOf(undefined)).toBeNull();
  });
});
