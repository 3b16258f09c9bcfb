// This file defines the seeded business generator: realistic names, addresses, phones, emails
// and websites per (seed, job, position), plus hostile values in a fixed, predictable share.
import { areaCode } from "./area-codes";
import type { CatalogEntry } from "./catalog";
import { placeFoundAt } from "./places";
import { prngFor, type Prng } from "./prng";
import type { Json, JsonObject } from "./types";
import { zipPrefix } from "./zip-codes";

export interface Verification {
  result: string;
  quality: string;
  source: string;
}

export interface Socials {
  facebooks: string[];
  instagrams: string[];
  linkedIns: string[];
  youtubes: string[];
  yelps: string[];
}

/** Everything the service will eventually know about one business; stages reveal it. */
export interface BusinessTruth {
  id: string;
  position: number;
  title: string;
  category: string;
  categories: string[];
  address: string;
  city: string;
  countryCode: string;
  phone: string;
  website: string;
  rating: number;
  reviewCount: number;
  businessStatus: string;
  mapsUrl: string;
  ownerNames: string[];
  decisionMakerNames: string[];
  emails: string[];
  ownerEmails: string[];
  decisionMakerEmails: string[];
  verifications: Record<string, Verification>;
  /** Final values, reached when the business's enrichment completes. */
  verificationStatus: string;
  enrichmentStatus: string;
  ownerEnrichmentStatus: string;
  socials: Socials;
  additionalPhones: string[];
  phoneTypes: Record<string, string>;
  keyContacts: Json[];
  /** Fields outside the spec, added to every shape (clients must tolerate them). */
  extra: JsonObject;
}

export interface SearchContext {
  kind: "search";
  query: string;
  location: CatalogEntry;
  /** Which run of this search (query and location) the job is, 0 for the first: see placeAt. */
  run: number;
}

export interface EnrichmentContext {
  kind: "enrichment";
  businessName: string;
  websiteUrl: string;
}

const FIRST = [
  "James",
  "Maria",
  "Robert",
  "Linda",
  "Michael",
  "Sarah",
  "David",
  "Emma",
  "Daniel",
  "Olivia",
  "Carlos",
  "Sofia",
  "Ahmed",
  "Yuki",
  "Priya",
  "Liam",
  "Chloé",
  "Lukas",
  "Ana",
  "Noah",
];
const LAST = [
  "Smith",
  "Garcia",
  "Johnson",
  "Brown",
  "Martinez",
  "Miller",
  "Davis",
  "Lopez",
  "Wilson",
  "Anderson",
  "Taylor",
  "Nguyen",
  "Müller",
  "Rossi",
  "Dubois",
  "Kowalski",
  "Okafor",
  "Tanaka",
  "Patel",
  "O'Brien",
];
const ADJ = [
  "Reliable",
  "Premier",
  "Golden",
  "Blue Sky",
  "Evergreen",
  "Summit",
  "Bright",
  "Family",
  "Corner",
  "Downtown",
  "Riverside",
  "Metro",
  "Classic",
  "First Choice",
  "Hometown",
];
const STREETS = [
  "Main",
  "Oak",
  "Maple",
  "Cedar",
  "Park",
  "Elm",
  "Washington",
  "Lake",
  "Hill",
  "Pine",
  "Church",
  "High",
  "Station",
  "Market",
  "Mill",
];
const SUFFIX = ["St", "Ave", "Rd", "Blvd", "Lane", "Way", "Drive"];
const STATUSES = [
  "OPERATIONAL",
  "OPERATIONAL",
  "OPERATIONAL",
  "OPERATIONAL",
  "OPERATIONAL",
  "OPERATIONAL",
  "OPERATIONAL",
  "OPERATIONAL",
  "CLOSED_TEMPORARILY",
  "CLOSED_PERMANENTLY",
];
const RESULTS: ReadonlyArray<Verification> = [
  { result: "deliverable", quality: "good", source: "website" },
  { result: "deliverable", quality: "good", source: "public_records" },
  { result: "accept_all", quality: "risky", source: "website" },
  { result: "undeliverable", quality: "bad", source: "owner_research" },
  { result: "unknown", quality: "unknown", source: "website" },
];
const CALLING: Record<string, string> = {
  US: "1",
  CA: "1",
  GB: "44",
  FR: "33",
  DE: "49",
  ES: "34",
  AR: "54",
  MX: "52",
  IT: "39",
  AU: "61",
  IE: "353",
  NL: "31",
  BR: "55",
  JP: "81",
  IN: "91",
  PK: "92",
  NZ: "64",
  ZA: "27",
  SG: "65",
  AE: "971",
  PT: "351",
  BE: "32",
  CH: "41",
  AT: "43",
  SE: "46",
  PL: "48",
};
const TLD: Record<string, string> = {
  US: "com",
  CA: "ca",
  GB: "co.uk",
  FR: "fr",
  DE: "de",
  ES: "es",
  AR: "com.ar",
  MX: "com.mx",
  IT: "it",
  AU: "com.au",
  IE: "ie",
  NL: "nl",
  BR: "com.br",
  JP: "jp",
  IN: "in",
  NZ: "co.nz",
  ZA: "co.za",
};

function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, 40) || "business";
}

/** "plumbers near me" → "Plumber": a plausible primary category from the query. */
function categoryFromQuery(query: string): string {
  const words = query
    .trim()
    .replace(/\s+near me$/i, "")
    .split(/\s+/)
    .slice(0, 3);
  const last = words.length > 0 ? (words[words.length - 1] ?? "") : "";
  if (last.length > 3 && /[^s]s$/i.test(last)) words[words.length - 1] = last.slice(0, -1);
  const text = words.join(" ") || "Business";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** How a kind of business is named and categorised, so a city's results read like the real thing. */
interface Trade {
  categories: readonly string[];
  /** The word in names like "Garcia Plumbing". */
  noun: string;
  /** Whole names of independent places. */
  brands: readonly string[];
}

const TRADES: ReadonlyArray<{ match: RegExp; trade: Trade }> = [
  {
    match: /coffee|caf[eé]|espresso|roaster/i,
    trade: {
      categories: ["Coffee shop", "Cafe", "Espresso bar", "Coffee roasters"],
      noun: "Coffee",
      brands: [
        "Bean & Barrel",
        "Morning Ritual",
        "Drip Society",
        "Little Owl Café",
        "Cultivar Coffee Bar",
        "The Daily Grind",
        "Ember Roasting Co.",
        "Figure Eight Coffee",
        "Houndstooth Espresso",
        "Common Ground",
      ],
    },
  },
  {
    match: /plumb/i,
    trade: {
      categories: ["Plumber", "Plumbing service", "Water heater installation service", "Drainage service"],
      noun: "Plumbing",
      brands: ["Pipe Dreams", "Flow Masters", "Clear Drain Pros", "The Leak Doctor", "Copperline Plumbing", "Roto Express"],
    },
  },
  {
    match: /dent/i,
    trade: {
      categories: ["Dentist", "Dental clinic", "Cosmetic dentist", "Orthodontist"],
      noun: "Dental",
      brands: ["Bright Smiles", "Gentle Care Dentistry", "Smile Studio", "Parkside Dental Group", "Pearl Family Dentistry"],
    },
  },
  {
    match: /restaurant|food|pizza|taco|diner|bbq|burger/i,
    trade: {
      categories: ["Restaurant", "Mexican restaurant", "Pizza restaurant", "Barbecue restaurant", "American restaurant"],
      noun: "Kitchen",
      brands: ["Salt & Smoke", "La Cocina", "The Copper Pot", "Green Fork", "Juniper Table", "Fire & Stone Pizza"],
    },
  },
  {
    match: /salon|hair|barber/i,
    trade: {
      categories: ["Hair salon", "Barber shop", "Beauty salon"],
      noun: "Salon",
      brands: ["Shear Genius", "The Mane Room", "Clipper & Co.", "Studio Bloom", "Fade Factory"],
    },
  },
];

function tradeFor(query: string): Trade {
  const found = TRADES.find((t) => t.match.test(query));
  if (found !== undefined) return found.trade;
  const category = categoryFromQuery(query);
  return { categories: [category, `${category} service`, "Local business"], noun: category, brands: [] };
}

function postalCode(rng: Prng, cc: string, city: string, region: string): string {
  switch (cc) {
    case "US": {
      // Drawn either way, so every later draw of the business stays what it was.
      const digits = rng.digits(5);
      const prefix = zipPrefix(city, region);
      return prefix === null ? digits : `${prefix}${digits.slice(3)}`;
    }
    case "GB":
      return `${rng.pick(["SW", "NW", "E", "M", "B", "LS"])}${rng.int(1, 20)} ${rng.int(1, 9)}${rng.pick(["AB", "DX", "QT", "LZ"])}`;
    case "CA":
      return (
        `${rng.pick(["M", "H", "V", "T"])}${rng.int(1, 9)}${rng.pick(["A", "K", "R"])} ` +
        `${rng.int(1, 9)}${rng.pick(["B", "T", "W"])}${rng.int(1, 9)}`
      );
    case "NL":
      return `${rng.int(1000, 9999)} ${rng.pick(["AB", "CD", "XK"])}`;
    default:
      return rng.digits(cc === "AU" || cc === "CH" || cc === "AT" || cc === "BE" ? 4 : 5);
  }
}

function phoneNumber(rng: Prng, cc: string, city: string, region: string): string {
  const code = CALLING[cc] ?? "1";
  // The area code's draw stays, so every later draw of the business stays what it was.
  if (code === "1") return `+1 ${areaCode(city, region, rng.int(201, 989))}-555-${rng.digits(4)}`;
  return `+${code} ${rng.int(1, 9)}${rng.digits(1)} ${rng.digits(3)} ${rng.digits(4)}`;
}

function person(rng: Prng): { first: string; last: string; full: string } {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  return { first, last, full: `${first} ${last}` };
}

function emailLocal(text: string): string {
  return slugify(text).replace(/-/g, ".");
}

function emptySocials(): Socials {
  return { facebooks: [], instagrams: [], linkedIns: [], youtubes: [], yelps: [] };
}

/** Of a search's readings of a place, the share that finds other contacts than the place's own, and the share that finds none. */
export const CONTACT_READINGS = { other: 0.07, none: 0.08 } as const;

/** How job `jobId`'s reading of the place at `position` went: the place's own contacts, others, or none. */
export function contactReadingAt(seed: number, jobId: string, position: number): "own" | "other" | "none" {
  const u = prngFor(seed, "reading", jobId, position).next();
  if (u < CONTACT_READINGS.none) return "none";
  return u < CONTACT_READINGS.none + CONTACT_READINGS.other ? "other" : "own";
}

/** Generates the full truth of one business; the same arguments always give the same record. */
/** `hostile` (the default) overlays the hostile variants on their fixed share of positions. */
export function generateBusiness(
  seed: number,
  jobId: string,
  position: number,
  id: string,
  ctx: SearchContext | EnrichmentContext,
  hostile = true,
): BusinessTruth {
  // Two streams: what the place is (the same in every run of every search that finds it), and what
  // this job's reading of it found (contacts, reviews so far), which may differ from run to run.
  const rng = prngFor(seed, "business", jobId, position);
  // A place of a metro may be found by a neighbouring place's search too: it stands in its home.
  const place = ctx.kind === "search" ? placeFoundAt(seed, ctx.query, ctx.location, position - 1, ctx.run) : undefined;
  const fixed = place === undefined ? rng : prngFor(seed, "place", place.list, place.slot, place.generation);
  const cc = place === undefined ? "US" : place.home.country_code;
  const city = place === undefined ? "" : place.home.name;
  const trade = ctx.kind === "search" ? tradeFor(ctx.query) : undefined;
  // The first category is the commonest, as in a real city's listings.
  const category = trade === undefined ? "" : fixed.chance(0.5) ? (trade.categories[0] ?? "") : fixed.pick(trade.categories);
  const noun = trade?.noun ?? "";
  const owner = person(fixed);
  const style = fixed.int(0, trade !== undefined && trade.brands.length > 0 ? 5 : 3);
  const generatedTitle =
    style === 0
      ? `${owner.last} ${noun}`
      : style === 1
        ? `${fixed.pick(ADJ)} ${noun}`
        : style === 2
          ? `${city} ${noun} Co.`
          : style === 3
            ? `${owner.first}'s ${noun}`
            : `${fixed.pick(trade?.brands ?? [noun])}${style === 5 ? ` – ${fixed.pick(STREETS)} ${fixed.pick(SUFFIX)}` : ""}`;
  const title = ctx.kind === "search" ? generatedTitle : ctx.businessName;
  let website: string;
  let domain: string;
  if (ctx.kind === "search") {
    domain = `${slugify(title)}.${TLD[cc] ?? "com"}`;
    website = fixed.chance(0.9) ? `https://www.${domain}/` : "";
  } else {
    website = ctx.websiteUrl;
    domain = hostOf(ctx.websiteUrl);
  }
  const secondCategory = trade === undefined ? "" : fixed.pick(trade.categories.filter((c) => c !== category).concat(["Local business"]));
  const address =
    place !== undefined
      ? `${fixed.int(1, 9899)} ${fixed.pick(STREETS)} ${fixed.pick(SUFFIX)}, ${city}, ` +
        `${place.home.region} ${postalCode(fixed, cc, city, place.home.region)}`
      : "";
  const phone = phoneNumber(fixed, cc, city, place?.home.region ?? "");
  const baseRating = fixed.int(10, 50);
  const baseReviews = fixed.int(0, 2500);
  const businessStatus = fixed.pick(STATUSES);
  const drawnId = fixed.hex(23);
  // A stream's seed has 32 bits, so among the thousands of places of a metro's territory two may
  // draw the same stream; 8 more hex digits of their own keep their Maps URLs apart.
  const mapsId =
    place?.inMetro === true
      ? `${drawnId.slice(0, 15)}${prngFor(seed, "maps-url", place.list, place.slot, place.generation).hex(8)}`
      : drawnId;
  const mapsUrl = `https://www.google.com/maps/place/?q=place_id:ChIJ${mapsId}`;

  // What this run's reading found of the place's contacts: mostly the place's own (the same in
  // every run), sometimes others, sometimes none at all, as a real provider's crawl does.
  const reading = place === undefined ? "own" : contactReadingAt(seed, jobId, position);
  const contacts = place === undefined || reading === "other" ? rng : prngFor(seed, "contacts", place.list, place.slot, place.generation);
  const found = reading !== "none";
  const hasEmails = found && website !== "" && contacts.chance(0.85);
  const emails = hasEmails ? [`info@${domain}`].concat(contacts.chance(0.3) ? [`hello@${domain}`] : []) : [];
  const ownerEmails = hasEmails && contacts.chance(0.6) ? [`${emailLocal(owner.first)}.${emailLocal(owner.last)}@${domain}`] : [];
  const dm = person(contacts);
  const decisionMakerNames = found && contacts.chance(0.5) ? [dm.full] : [];
  const decisionMakerEmails = hasEmails && decisionMakerNames.length > 0 ? [`${emailLocal(dm.first)}@${domain}`] : [];
  const verifications: Record<string, Verification> = {};
  for (const address of [...emails, ...ownerEmails, ...decisionMakerEmails]) verifications[address] = { ...contacts.pick(RESULTS) };
  const slug = slugify(title);
  const additionalPhones = found && contacts.chance(0.3) ? [phoneNumber(contacts, cc, city, place?.home.region ?? "")] : [];
  const phoneTypes: Record<string, string> = {};
  phoneTypes[phone] = contacts.pick(["landline", "mobile", "voip"]);
  for (const extraPhone of additionalPhones) phoneTypes[extraPhone] = contacts.pick(["landline", "mobile"]);
  const socials = emptySocials();
  if (found && contacts.chance(0.7)) socials.facebooks.push(`https://www.facebook.com/${slug}`);
  if (found && contacts.chance(0.5)) socials.instagrams.push(`https://www.instagram.com/${slug.replace(/-/g, "")}`);
  if (found && contacts.chance(0.4)) socials.linkedIns.push(`https://www.linkedin.com/company/${slug}`);
  if (found && ctx.kind === "search" && contacts.chance(0.15)) socials.youtubes.push(`https://www.youtube.com/@${slug.replace(/-/g, "")}`);
  if (found && ctx.kind === "search" && contacts.chance(0.3)) socials.yelps.push(`https://www.yelp.com/biz/${slug}-${slugify(city)}`);
  // Reviews only grow between runs; the rating moves by a tenth now and then.
  const rating = Math.min(50, Math.max(10, baseRating + (rng.chance(0.2) ? rng.pick([-1, 1]) : 0))) / 10;
  const truth: BusinessTruth = {
    id,
    position,
    title,
    category,
    categories: trade === undefined ? [] : [category, secondCategory],
    address,
    city,
    countryCode: ctx.kind === "search" ? cc : "",
    phone,
    website,
    rating: ctx.kind === "search" ? rating : 0,
    reviewCount: ctx.kind === "search" ? baseReviews + rng.int(0, 12) : 0,
    businessStatus: ctx.kind === "search" ? businessStatus : "",
    mapsUrl: ctx.kind === "search" ? mapsUrl : "",
    ownerNames: [owner.full],
    decisionMakerNames,
    emails,
    ownerEmails,
    decisionMakerEmails,
    verifications,
    verificationStatus: "completed",
    enrichmentStatus: "completed",
    ownerEnrichmentStatus: "completed",
    socials,
    additionalPhones,
    phoneTypes,
    keyContacts: [],
    extra: {},
  };
  // Hostile values go by rank, which is the position: a place holds its slot's variant in every run.
  // A place two searches share never stands at a hostile rank (places.ts), so it reads the same in both.
  const variant = hostile ? hostileVariantAt(position) : undefined;
  if (variant !== undefined) variant.apply(truth, ctx.kind);
  return truth;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "") || "example.com";
  } catch {
    return "example.com";
  }
}

export interface HostileVariant {
  name: string;
  apply(truth: BusinessTruth, kind: "search" | "enrichment"): void;
}

const LONG_TEXT = "Very Long Business Name Holdings International ".repeat(70).trim();

/** Title overrides only touch search records: enrichment titles are the caller's own input. */
function setTitle(truth: BusinessTruth, kind: "search" | "enrichment", title: string): void {
  if (kind === "search") truth.title = title;
}

/** The hostile values, in the fixed order they are handed out (see hostileVariantAt). */
export const HOSTILE_VARIANTS: readonly HostileVariant[] = [
  { name: "formula-title", apply: (t, k) => setTitle(t, k, `=HYPERLINK("http://x","y")`) },
  {
    name: "plus-title-and-phone",
    apply: (t, k) => {
      setTitle(t, k, "+1 Plumbing");
      retitlePhone(t, "+1 512-555-0100");
    },
  },
  { name: "minus-title", apply: (t, k) => setTitle(t, k, "-20% Deals") },
  { name: "at-title", apply: (t, k) => setTitle(t, k, "@Home Care") },
  {
    name: "leading-zeros",
    apply: (t, k) => {
      if (k === "search") t.address = `0042 Main St, ${t.city}, 02134`;
      retitlePhone(t, "0044 20 7946 0000");
    },
  },
  { name: "fraction-title", apply: (t, k) => setTitle(t, k, "1/2 Price Pizza") },
  { name: "boolean-title", apply: (t, k) => setTitle(t, k, "TRUE") },
  { name: "percent-title", apply: (t, k) => setTitle(t, k, "12%") },
  {
    name: "accents",
    apply: (t, k) => {
      setTitle(t, k, "Café Zürich – Crème Brûlée & Señor Niño");
      t.ownerNames = ["José Núñez"];
    },
  },
  {
    name: "cjk-emoji",
    apply: (t, k) => {
      setTitle(t, k, "東京ラーメン 🍜 Ramen");
      t.ownerNames = ["李小龙"];
    },
  },
  { name: "rtl", apply: (t, k) => setTitle(t, k, "مطعم بيروت Beirut Restaurant") },
  {
    name: "very-long",
    apply: (t, k) => {
      setTitle(t, k, LONG_TEXT);
      if (k === "search") t.address = `${LONG_TEXT}, ${t.city}`;
    },
  },
  {
    name: "unknown-enums",
    apply: (t) => {
      t.businessStatus = t.businessStatus === "" ? "" : "CLOSED_TEMPORARILY_UNKNOWN";
      t.verificationStatus = "risky";
      t.enrichmentStatus = "partial";
      t.ownerEnrichmentStatus = "skipped_unknown";
    },
  },
  {
    name: "extra-fields",
    apply: (t) => {
      t.extra = { x_score: 0.87, x_tags: ["hot", "verified"], x_internal: { shard: 7 } };
    },
  },
  {
    name: "key-contacts",
    apply: (t) => {
      t.keyContacts = [
        {
          name: "Dana Whitfield",
          title: "Office Manager",
          email: "dana@example.com",
          linkedin: "https://www.linkedin.com/in/dana-whitfield",
        },
        { name: "Sam Ortiz", title: "Owner", email: null, phone: "+1 512-555-0199" },
      ];
    },
  },
  { name: "apostrophe-title", apply: (t, k) => setTitle(t, k, "'Quoted Name Bakery") },
  { name: "date-like-title", apply: (t, k) => setTitle(t, k, "2024-01-05") },
  { name: "newline-title", apply: (t, k) => setTitle(t, k, "Line One\nLine Two\tTabbed") },
];

function retitlePhone(truth: BusinessTruth, phone: string): void {
  const type = truth.phoneTypes[truth.phone] ?? "landline";
  delete truth.phoneTypes[truth.phone];
  truth.phone = phone;
  truth.phoneTypes[phone] = type;
}

/** Every HOSTILE_EVERY-th position (1-based) is hostile, cycling through HOSTILE_VARIANTS. */
export const HOSTILE_EVERY = 5;

export function hostileVariantAt(position: number): HostileVariant | undefined {
  if (position <= 0 || position % HOSTILE_EVERY !== 0) return undefined;
  return HOSTILE_VARIANTS[(position / HOSTILE_EVERY - 1) % HOSTILE_VARIANTS.length];
}
