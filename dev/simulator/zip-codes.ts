// This file defines the first three digits of a US ZIP code for a city, so that the simulator's
// addresses are ones a sales person believes ("Austin, Texas 787…", never "Austin, Texas 14687"):
// the real prefix of the demo's cities, else one of its state's own prefixes, the same for a city
// every time.

/** Each state's ZIP prefixes, first to last (the USPS ranges, rounded to whole prefixes). */
const STATE_PREFIXES: Record<string, readonly [number, number]> = {
  Alabama: [350, 369],
  Alaska: [995, 999],
  Arizona: [850, 865],
  Arkansas: [716, 729],
  California: [900, 961],
  Colorado: [800, 816],
  Connecticut: [60, 69],
  Delaware: [197, 199],
  "District of Columbia": [200, 205],
  Florida: [320, 349],
  Georgia: [300, 319],
  Hawaii: [967, 968],
  Idaho: [832, 838],
  Illinois: [600, 629],
  Indiana: [460, 479],
  Iowa: [500, 528],
  Kansas: [660, 679],
  Kentucky: [400, 427],
  Louisiana: [700, 714],
  Maine: [39, 49],
  Maryland: [206, 219],
  Massachusetts: [10, 27],
  Michigan: [480, 499],
  Minnesota: [550, 567],
  Mississippi: [386, 397],
  Missouri: [630, 658],
  Montana: [590, 599],
  Nebraska: [680, 693],
  Nevada: [889, 898],
  "New Hampshire": [30, 38],
  "New Jersey": [70, 89],
  "New Mexico": [870, 884],
  "New York": [100, 149],
  "North Carolina": [270, 289],
  "North Dakota": [580, 588],
  Ohio: [430, 459],
  Oklahoma: [730, 749],
  Oregon: [970, 979],
  Pennsylvania: [150, 196],
  "Rhode Island": [28, 29],
  "South Carolina": [290, 299],
  "South Dakota": [570, 577],
  Tennessee: [370, 385],
  Texas: [750, 799],
  Utah: [840, 847],
  Vermont: [50, 59],
  Virginia: [220, 246],
  Washington: [980, 994],
  "West Virginia": [247, 268],
  Wisconsin: [530, 549],
  Wyoming: [820, 831],
};

/** The real prefix of the cities the demo, the tests and the kit's screenshots search most. */
const CITY_PREFIXES: Record<string, number> = {
  "Austin, Texas": 787,
  "Dallas, Texas": 752,
  "Houston, Texas": 770,
  "San Antonio, Texas": 782,
  "Fort Worth, Texas": 761,
  "Plano, Texas": 750,
  "Irving, Texas": 750,
  "Frisco, Texas": 750,
  "Garland, Texas": 750,
  "Addison, Texas": 750,
  "Highland Park, Texas": 752,
  "University Park, Texas": 752,
  "Arlington, Texas": 760,
  "Denver, Colorado": 802,
  "Chicago, Illinois": 606,
  "Springfield, Illinois": 627,
  "New York, New York": 100,
  "Los Angeles, California": 900,
  "San Francisco, California": 941,
  "Seattle, Washington": 981,
  "Boston, Massachusetts": 21,
  "Miami, Florida": 331,
  "Atlanta, Georgia": 303,
  "Phoenix, Arizona": 850,
  "Portland, Oregon": 972,
  "Nashville, Tennessee": 372,
};

/** A small, stable hash of a text (the same city, the same prefix). */
function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i += 1) hash = (hash * 31 + text.charCodeAt(i)) >>> 0;
  return hash;
}

/** "787" for Austin, Texas; one of the state's prefixes for another city of it; null for a region not known. */
export function zipPrefix(city: string, region: string): string | null {
  const known = CITY_PREFIXES[`${city}, ${region}`];
  const range = STATE_PREFIXES[region];
  const prefix = known ?? (range === undefined ? undefined : range[0] + (hashOf(city) % (range[1] - range[0] + 1)));
  return prefix === undefined ? null : String(prefix).padStart(3, "0");
}
