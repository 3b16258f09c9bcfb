// This file defines the catalog's metro areas: rings of neighbouring places, and for each place of a
// ring the neighbour it shares each lane of its search lists with (places.ts fills the lanes).
import { findByLabel, type CatalogEntry } from "./catalog";

export interface Metro {
  name: string;
  /** Its places in the order of a tour of the area: a place's neighbours are the two before it and the two after it. */
  places: readonly CatalogEntry[];
}

/**
 * A place shares its lists with one neighbour per lane: lanes 0 and 1 with the places next to it on
 * the ring, lanes 2 and 3 with the places two steps away. Each ring edge has one lane, and each place
 * one edge per lane, so a lane's shared places stand at the same ranks in both neighbours' lists.
 */
export const SHARE_LANES = 4;

/** One lane of one place: the neighbour across it and the edge's key, the same seen from either end. */
export interface ShareLane {
  neighbour: CatalogEntry;
  /** The two ends of the edge, in ring order from the end that defines it (the same from either side). */
  ends: readonly [CatalogEntry, CatalogEntry];
  edge: string;
}

// Tours of each area, so that places next to each other (or two apart) on the ring are neighbours.
// Austin, the default city of the tests and benches, stays outside every area so their figures keep
// their meaning; so does every catalog place not listed here.
const TOURS: ReadonlyArray<{ name: string; suffix: string; places: readonly string[] }> = [
  {
    name: "Dallas–Fort Worth",
    suffix: "Texas, US",
    places: [
      "Dallas",
      "Highland Park",
      "University Park",
      "Addison",
      "Farmers Branch",
      "Carrollton",
      "Coppell",
      "Lewisville",
      "Flower Mound",
      "Denton",
      "Little Elm",
      "The Colony",
      "Frisco",
      "Prosper",
      "McKinney",
      "Allen",
      "Plano",
      "Richardson",
      "Murphy",
      "Wylie",
      "Sachse",
      "Garland",
      "Rowlett",
      "Rockwall",
      "Mesquite",
      "Lancaster",
      "DeSoto",
      "Cedar Hill",
      "Duncanville",
      "Grand Prairie",
      "Mansfield",
      "Burleson",
      "Fort Worth",
      "Haltom City",
      "North Richland Hills",
      "Keller",
      "Southlake",
      "Colleyville",
      "Hurst",
      "Bedford",
      "Euless",
      "Grapevine",
      "Arlington",
      "Irving",
    ],
  },
  {
    name: "Greater Houston",
    suffix: "Texas, US",
    places: ["The Woodlands", "Spring", "Houston", "Pasadena", "League City", "Pearland", "Sugar Land", "Katy"],
  },
  {
    name: "San Francisco Bay Area",
    suffix: "California, US",
    places: ["San Francisco", "Berkeley", "Oakland", "Hayward", "Fremont", "San Jose", "Sunnyvale", "Palo Alto"],
  },
  {
    name: "Greater Manchester",
    suffix: "England, GB",
    places: ["Manchester", "Salford", "Wigan", "Bolton", "Bury", "Rochdale", "Oldham", "Stockport"],
  },
];

function buildMetros(): Metro[] {
  return TOURS.map((tour) => {
    // A ring whose size is a multiple of 4 gives every place all four lanes (see laneOf).
    if (tour.places.length < 8 || tour.places.length % SHARE_LANES !== 0)
      throw new Error(`metro ${tour.name}: ${tour.places.length} places, not a multiple of ${SHARE_LANES} from 8`);
    const places = tour.places.map((name) => {
      const entry = findByLabel(`${name}, ${tour.suffix}`);
      if (entry === undefined) throw new Error(`metro ${tour.name}: ${name}, ${tour.suffix} is not in the catalog`);
      return entry;
    });
    return { name: tour.name, places };
  });
}

export const METROS: readonly Metro[] = buildMetros();

/** Lane `lane` of the place at `index` of a ring of `n`: forward to index + step or back to index − step. */
function laneOf(metro: Metro, index: number, lane: number): ShareLane {
  const n = metro.places.length;
  const step = lane < 2 ? 1 : 2;
  // Edges alternate between the two lanes of their step along the ring: a proper edge colouring.
  const forward = Math.floor(index / step) % 2 === lane % 2;
  const start = forward ? index : (index - step + n) % n;
  const a = metro.places[start];
  const b = metro.places[(start + step) % n];
  if (a === undefined || b === undefined) throw new Error("ring index out of range");
  return { neighbour: forward ? b : a, ends: [a, b], edge: `${a.label}~${b.label}` };
}

const BY_LABEL = new Map<string, { metro: Metro; lanes: readonly ShareLane[] }>();
for (const metro of METROS) {
  metro.places.forEach((place, index) => {
    if (BY_LABEL.has(place.label)) throw new Error(`${place.label} is in two metros`);
    BY_LABEL.set(place.label, { metro, lanes: Array.from({ length: SHARE_LANES }, (_, lane) => laneOf(metro, index, lane)) });
  });
}

/** The metro area a catalog place belongs to; undefined for a place in none (its searches share nothing). */
export function metroOf(label: string): Metro | undefined {
  return BY_LABEL.get(label)?.metro;
}

/** A place's lane `lane` (0 to SHARE_LANES − 1); undefined for a place in no metro. */
export function shareLane(label: string, lane: number): ShareLane | undefined {
  return BY_LABEL.get(label)?.lanes[lane];
}

/** The neighbours a place's searches share businesses with, by lane (four distinct places); empty outside every metro. */
export function neighboursOf(label: string): CatalogEntry[] {
  return (BY_LABEL.get(label)?.lanes ?? []).map((lane) => lane.neighbour);
}
