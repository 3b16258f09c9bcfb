// This file defines the area code of a North American phone number for a city, so that the
// simulator's phones are ones a sales person believes (Austin +1 512 or 737, never +1 720): a city's
// own codes, else one of its state's or province's, the same draw giving the same code.

/** Each state's and province's main area codes (a city not listed below gets one of these). */
const REGION_CODES: Record<string, readonly number[]> = {
  Alabama: [205, 251, 256, 334], Alaska: [907], Arizona: [480, 520, 602, 623, 928], Arkansas: [479, 501, 870],
  California: [213, 310, 415, 510, 619, 714, 818, 916], Colorado: [303, 719, 720, 970], Connecticut: [203, 860],
  Delaware: [302], "District of Columbia": [202], Florida: [305, 407, 813, 904, 954], Georgia: [404, 678, 706, 770, 912],
  Hawaii: [808], Idaho: [208], Illinois: [217, 312, 630, 773, 847], Indiana: [219, 260, 317, 812], Iowa: [319, 515, 563],
  Kansas: [316, 785, 913], Kentucky: [502, 606, 859], Louisiana: [225, 318, 337, 504], Maine: [207],
  Maryland: [301, 410, 443], Massachusetts: [413, 508, 617, 781], Michigan: [248, 313, 517, 616],
  Minnesota: [612, 651, 763, 952], Mississippi: [228, 601, 662], Missouri: [314, 417, 573, 816], Montana: [406],
  Nebraska: [308, 402, 531], Nevada: [702, 775], "New Hampshire": [603], "New Jersey": [201, 609, 732, 908, 973],
  "New Mexico": [505, 575], "New York": [212, 516, 518, 585, 716, 718], "North Carolina": [336, 704, 828, 919],
  "North Dakota": [701], Ohio: [216, 330, 419, 513, 614], Oklahoma: [405, 918], Oregon: [503, 541, 971],
  Pennsylvania: [215, 412, 610, 717], "Rhode Island": [401], "South Carolina": [803, 843, 864], "South Dakota": [605],
  Tennessee: [423, 615, 865, 901], Texas: [210, 214, 512, 713, 806, 817, 915], Utah: [385, 435, 801], Vermont: [802],
  Virginia: [540, 703, 757, 804], Washington: [206, 253, 425, 509], "West Virginia": [304], Wisconsin: [262, 414, 608, 920],
  Wyoming: [307],
  Ontario: [416, 613, 905], Quebec: [418, 450, 514], "British Columbia": [250, 604], Alberta: [403, 780], Manitoba: [204],
  Saskatchewan: [306], "Nova Scotia": [902], "New Brunswick": [506], "Newfoundland and Labrador": [709], "Prince Edward Island": [902],
};

const DALLAS = [214, 469, 972] as const;
const FORT_WORTH = [817, 682] as const;
const HOUSTON = [713, 281, 832, 346] as const;
const EAST_BAY = [510, 341] as const;

/** A city's own codes, by "City, Region": the catalog's big cities and the places of its metro areas. */
const CITY_CODES: Record<string, readonly number[]> = {
  "Austin, Texas": [512, 737], "San Antonio, Texas": [210, 726], "El Paso, Texas": [915], "Denton, Texas": [940],
  ...Object.fromEntries(["Dallas", "Highland Park", "University Park", "Addison", "Farmers Branch", "Carrollton", "Coppell", "Lewisville",
    "Flower Mound", "Little Elm", "The Colony", "Frisco", "Prosper", "McKinney", "Allen", "Plano", "Richardson", "Murphy", "Wylie",
    "Sachse", "Garland", "Rowlett", "Rockwall", "Mesquite", "Lancaster", "DeSoto", "Cedar Hill", "Duncanville", "Grand Prairie", "Irving"]
    .map((city) => [`${city}, Texas`, DALLAS])),
  ...Object.fromEntries(["Fort Worth", "Mansfield", "Burleson", "Haltom City", "North Richland Hills", "Keller", "Southlake",
    "Colleyville", "Hurst", "Bedford", "Euless", "Grapevine", "Arlington"].map((city) => [`${city}, Texas`, FORT_WORTH])),
  ...Object.fromEntries(["Houston", "Spring", "Pasadena", "League City", "Pearland", "Sugar Land", "Katy"].map((city) => [`${city}, Texas`, HOUSTON])),
  "The Woodlands, Texas": [281, 832, 936],
  "San Francisco, California": [415, 628], "San Jose, California": [408, 669], "Sunnyvale, California": [408, 669], "Palo Alto, California": [650],
  ...Object.fromEntries(["Berkeley", "Oakland", "Hayward", "Fremont"].map((city) => [`${city}, California`, EAST_BAY])),
  "Los Angeles, California": [213, 310, 323], "San Diego, California": [619, 858], "Sacramento, California": [916, 279],
  "Denver, Colorado": [303, 720], "Seattle, Washington": [206], "Boston, Massachusetts": [617, 857], "Nashville, Tennessee": [615, 629],
  "Memphis, Tennessee": [901], "Portland, Oregon": [503, 971], "Portland, Maine": [207], "Las Vegas, Nevada": [702, 725],
  "Miami, Florida": [305, 786], "Jacksonville, Florida": [904], "Tampa, Florida": [813], "Orlando, Florida": [407, 321],
  "Atlanta, Georgia": [404, 470, 678], "Columbus, Georgia": [706, 762], "Minneapolis, Minnesota": [612], "Detroit, Michigan": [313],
  "Columbus, Ohio": [614, 380], "Cleveland, Ohio": [216], "Cincinnati, Ohio": [513], "Charlotte, North Carolina": [704, 980],
  "Raleigh, North Carolina": [919, 984], "Indianapolis, Indiana": [317, 463], "Baltimore, Maryland": [410, 443],
  "Milwaukee, Wisconsin": [414], "Albuquerque, New Mexico": [505], "Tucson, Arizona": [520], "Phoenix, Arizona": [602, 480, 623],
  "Kansas City, Missouri": [816], "Kansas City, Kansas": [913], "St. Louis, Missouri": [314], "Omaha, Nebraska": [402, 531],
  "Pittsburgh, Pennsylvania": [412], "Philadelphia, Pennsylvania": [215, 267], "New Orleans, Louisiana": [504],
  "Salt Lake City, Utah": [801, 385], "Honolulu, Hawaii": [808], "Anchorage, Alaska": [907], "Chicago, Illinois": [312, 773, 872],
  "Springfield, Illinois": [217], "New York, New York": [212, 646, 718, 917],
  "Toronto, Ontario": [416, 647, 437], "Ottawa, Ontario": [613, 343], "Hamilton, Ontario": [905, 289], "Montréal, Quebec": [514, 438],
  "Québec City, Quebec": [418, 581], "Vancouver, British Columbia": [604, 778], "Calgary, Alberta": [403, 587],
  "Edmonton, Alberta": [780, 587], "Winnipeg, Manitoba": [204, 431],
};

/** Every region's codes together: a number whose city is not known still gets a real code. */
const ANY_CODES: readonly number[] = Object.values(REGION_CODES).flat();

/** The codes a phone of `city`, `region` may have: the city's own, else its region's, else any real one. */
export function areaCodesOf(city: string, region: string): readonly number[] {
  return CITY_CODES[`${city}, ${region}`] ?? REGION_CODES[region] ?? ANY_CODES;
}

/** The area code of a phone of `city`, `region`, chosen by `drawn` (a number the caller drew), the same draw the same code. */
export function areaCode(city: string, region: string, drawn: number): number {
  const codes = areaCodesOf(city, region);
  return codes[Math.abs(Math.trunc(drawn)) % codes.length] ?? 512;
}
