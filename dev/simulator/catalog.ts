// This file defines the locations catalog behind GET /locations: ~420 real cities, with the
// ambiguous names (Springfield, Paris, London, Cambridge, Portland, Córdoba…) that make the
// `label` necessary, and the prefix search over them.
import type { JsonObject } from "./types";

export interface CatalogEntry {
  location_code: number;
  name: string;
  full_name: string;
  country_code: string;
  location_name: string;
  city: string;
  region: string;
  country: string;
  location_type: string;
  label: string;
  /** Not part of the response: orders matches, biggest first. */
  population: number;
}

const COUNTRIES: Record<string, string> = {
  US: "United States",
  GB: "United Kingdom",
  CA: "Canada",
  FR: "France",
  DE: "Germany",
  ES: "Spain",
  AR: "Argentina",
  MX: "Mexico",
  IT: "Italy",
  AU: "Australia",
  IE: "Ireland",
  NL: "Netherlands",
  BR: "Brazil",
  JP: "Japan",
  IN: "India",
  PK: "Pakistan",
  NZ: "New Zealand",
  ZA: "South Africa",
  SG: "Singapore",
  AE: "United Arab Emirates",
  PT: "Portugal",
  BE: "Belgium",
  CH: "Switzerland",
  AT: "Austria",
  SE: "Sweden",
  PL: "Poland",
};

// "City|Region|CC|population in thousands". Append only: location_code is the line index.
const CITIES = `
New York|New York|US|8300
Los Angeles|California|US|3900
Chicago|Illinois|US|2700
Houston|Texas|US|2300
Phoenix|Arizona|US|1600
Philadelphia|Pennsylvania|US|1600
San Antonio|Texas|US|1500
San Diego|California|US|1400
Dallas|Texas|US|1300
Austin|Texas|US|960
San Jose|California|US|1000
San Francisco|California|US|810
Seattle|Washington|US|750
Denver|Colorado|US|710
Boston|Massachusetts|US|650
Nashville|Tennessee|US|690
Portland|Oregon|US|640
Portland|Maine|US|68
Las Vegas|Nevada|US|650
Miami|Florida|US|450
Atlanta|Georgia|US|500
Minneapolis|Minnesota|US|425
Detroit|Michigan|US|620
Columbus|Ohio|US|900
Columbus|Georgia|US|200
Charlotte|North Carolina|US|880
Indianapolis|Indiana|US|880
Jacksonville|Florida|US|950
Fort Worth|Texas|US|950
El Paso|Texas|US|680
Memphis|Tennessee|US|630
Baltimore|Maryland|US|570
Milwaukee|Wisconsin|US|570
Albuquerque|New Mexico|US|560
Tucson|Arizona|US|540
Sacramento|California|US|520
Kansas City|Missouri|US|510
Kansas City|Kansas|US|155
Omaha|Nebraska|US|485
Raleigh|North Carolina|US|470
Cleveland|Ohio|US|370
Tampa|Florida|US|400
Orlando|Florida|US|310
Pittsburgh|Pennsylvania|US|300
Cincinnati|Ohio|US|310
St. Louis|Missouri|US|290
New Orleans|Louisiana|US|370
Salt Lake City|Utah|US|200
Honolulu|Hawaii|US|345
Anchorage|Alaska|US|290
Springfield|Illinois|US|114
Springfield|Missouri|US|169
Springfield|Massachusetts|US|155
Springfield|Ohio|US|58
Springfield|Oregon|US|62
Paris|Texas|US|25
Paris|Tennessee|US|10
Cambridge|Massachusetts|US|118
London|Kentucky|US|8
Birmingham|Alabama|US|200
Manchester|New Hampshire|US|115
Athens|Georgia|US|127
Rome|Georgia|US|37
Dublin|Ohio|US|49
Richmond|Virginia|US|226
Arlington|Texas|US|394
Arlington|Virginia|US|238
Aurora|Colorado|US|386
Aurora|Illinois|US|180
Madison|Wisconsin|US|270
Boise|Idaho|US|235
Buffalo|New York|US|278
Albany|New York|US|99
Savannah|Georgia|US|147
Charleston|South Carolina|US|150
Charleston|West Virginia|US|48
Santa Fe|New Mexico|US|88
Hamilton|Ohio|US|63
London|England|GB|8900
Manchester|England|GB|550
Birmingham|England|GB|1140
Liverpool|England|GB|490
Leeds|England|GB|790
Sheffield|England|GB|580
Bristol|England|GB|470
Newcastle upon Tyne|England|GB|300
Nottingham|England|GB|330
Leicester|England|GB|370
Cambridge|England|GB|145
Oxford|England|GB|152
Brighton|England|GB|230
York|England|GB|210
Richmond|England|GB|20
Edinburgh|Scotland|GB|525
Glasgow|Scotland|GB|635
Aberdeen|Scotland|GB|200
Hamilton|Scotland|GB|54
Cardiff|Wales|GB|365
Swansea|Wales|GB|245
Belfast|Northern Ireland|GB|345
Toronto|Ontario|CA|2800
Montréal|Quebec|CA|1780
Vancouver|British Columbia|CA|680
Calgary|Alberta|CA|1300
Edmonton|Alberta|CA|1000
Ottawa|Ontario|CA|1000
Winnipeg|Manitoba|CA|750
Québec City|Quebec|CA|550
Hamilton|Ontario|CA|570
London|Ontario|CA|420
Halifax|Nova Scotia|CA|440
Victoria|British Columbia|CA|92
Cambridge|Ontario|CA|140
Kingston|Ontario|CA|132
Windsor|Ontario|CA|230
Saskatoon|Saskatchewan|CA|270
Regina|Saskatchewan|CA|230
Paris|Île-de-France|FR|2100
Marseille|Provence-Alpes-Côte d'Azur|FR|870
Lyon|Auvergne-Rhône-Alpes|FR|520
Toulouse|Occitanie|FR|490
Nice|Provence-Alpes-Côte d'Azur|FR|340
Nantes|Pays de la Loire|FR|320
Strasbourg|Grand Est|FR|285
Montpellier|Occitanie|FR|295
Bordeaux|Nouvelle-Aquitaine|FR|260
Lille|Hauts-de-France|FR|235
Rennes|Brittany|FR|220
Reims|Grand Est|FR|180
Saint-Étienne|Auvergne-Rhône-Alpes|FR|172
Le Havre|Normandy|FR|168
Toulon|Provence-Alpes-Côte d'Azur|FR|178
Grenoble|Auvergne-Rhône-Alpes|FR|158
Dijon|Bourgogne-Franche-Comté|FR|156
Angers|Pays de la Loire|FR|155
Nîmes|Occitanie|FR|150
Berlin|Berlin|DE|3700
Hamburg|Hamburg|DE|1900
München|Bavaria|DE|1500
Köln|North Rhine-Westphalia|DE|1080
Frankfurt am Main|Hesse|DE|760
Stuttgart|Baden-Württemberg|DE|630
Düsseldorf|North Rhine-Westphalia|DE|620
Leipzig|Saxony|DE|600
Dortmund|North Rhine-Westphalia|DE|590
Essen|North Rhine-Westphalia|DE|580
Bremen|Bremen|DE|570
Dresden|Saxony|DE|555
Hannover|Lower Saxony|DE|535
Nürnberg|Bavaria|DE|515
Madrid|Community of Madrid|ES|3300
Barcelona|Catalonia|ES|1600
Valencia|Valencian Community|ES|790
Sevilla|Andalusia|ES|685
Zaragoza|Aragon|ES|675
Málaga|Andalusia|ES|580
Córdoba|Andalusia|ES|320
Bilbao|Basque Country|ES|345
Granada|Andalusia|ES|230
Palma|Balearic Islands|ES|415
Las Palmas de Gran Canaria|Canary Islands|ES|380
Buenos Aires|Buenos Aires|AR|3100
Córdoba|Córdoba|AR|1400
Rosario|Santa Fe|AR|1200
Mendoza|Mendoza|AR|115
La Plata|Buenos Aires|AR|650
Santa Fe|Santa Fe|AR|400
Mexico City|Mexico City|MX|9200
Guadalajara|Jalisco|MX|1400
Monterrey|Nuevo León|MX|1140
Puebla|Puebla|MX|1600
Tijuana|Baja California|MX|1900
Cancún|Quintana Roo|MX|890
Mérida|Yucatán|MX|920
Córdoba|Veracruz|MX|200
Rome|Lazio|IT|2800
Milan|Lombardy|IT|1400
Naples|Campania|IT|910
Turin|Piedmont|IT|850
Palermo|Sicily|IT|630
Genoa|Liguria|IT|560
Bologna|Emilia-Romagna|IT|390
Florence|Tuscany|IT|360
Venice|Veneto|IT|250
Verona|Veneto|IT|255
Sydney|New South Wales|AU|5300
Melbourne|Victoria|AU|5100
Brisbane|Queensland|AU|2600
Perth|Western Australia|AU|2100
Adelaide|South Australia|AU|1400
Canberra|Australian Capital Territory|AU|460
Hobart|Tasmania|AU|250
Darwin|Northern Territory|AU|148
Newcastle|New South Wales|AU|500
Gold Coast|Queensland|AU|700
Dublin|Leinster|IE|590
Cork|Munster|IE|225
Galway|Connacht|IE|85
Limerick|Munster|IE|102
Amsterdam|North Holland|NL|920
Rotterdam|South Holland|NL|655
The Hague|South Holland|NL|550
Utrecht|Utrecht|NL|360
Eindhoven|North Brabant|NL|238
São Paulo|São Paulo|BR|12300
Rio de Janeiro|Rio de Janeiro|BR|6700
Brasília|Federal District|BR|3000
Salvador|Bahia|BR|2900
Belo Horizonte|Minas Gerais|BR|2500
Curitiba|Paraná|BR|1960
Porto Alegre|Rio Grande do Sul|BR|1490
Tokyo|Tokyo|JP|14000
Osaka|Osaka|JP|2750
Kyoto|Kyoto|JP|1460
Yokohama|Kanagawa|JP|3770
Sapporo|Hokkaido|JP|1970
Nagoya|Aichi|JP|2330
Fukuoka|Fukuoka|JP|1610
Mumbai|Maharashtra|IN|12400
Delhi|Delhi|IN|11000
Bengaluru|Karnataka|IN|8400
Hyderabad|Telangana|IN|6800
Chennai|Tamil Nadu|IN|4600
Kolkata|West Bengal|IN|4500
Pune|Maharashtra|IN|3100
Hyderabad|Sindh|PK|1730
Auckland|Auckland|NZ|1700
Wellington|Wellington|NZ|215
Christchurch|Canterbury|NZ|390
Hamilton|Waikato|NZ|180
Cape Town|Western Cape|ZA|4700
Johannesburg|Gauteng|ZA|5600
Durban|KwaZulu-Natal|ZA|3900
Pretoria|Gauteng|ZA|2500
Singapore|Singapore|SG|5600
Dubai|Dubai|AE|3500
Abu Dhabi|Abu Dhabi|AE|1500
Lisbon|Lisbon|PT|545
Porto|Porto|PT|232
Brussels|Brussels-Capital|BE|1200
Antwerp|Flanders|BE|530
Ghent|Flanders|BE|265
Zürich|Zürich|CH|420
Geneva|Geneva|CH|200
Basel|Basel-Stadt|CH|178
Bern|Bern|CH|134
Vienna|Vienna|AT|1900
Salzburg|Salzburg|AT|155
Stockholm|Stockholm|SE|980
Gothenburg|Västra Götaland|SE|590
Malmö|Skåne|SE|350
Warsaw|Masovia|PL|1790
Kraków|Lesser Poland|PL|780
Springfield|Virginia|US|31
Springfield|Tennessee|US|18
Springfield|New Jersey|US|17
Springfield|Vermont|US|9
Springfield|Kentucky|US|3
Springfield|Georgia|US|3
Spring|Texas|US|63
Springdale|Arkansas|US|87
Spring Hill|Florida|US|115
Spring Hill|Tennessee|US|55
Spring Valley|Nevada|US|215
Spring Valley|New York|US|33
Springville|Utah|US|35
Silver Spring|Maryland|US|81
Colorado Springs|Colorado|US|480
Coral Springs|Florida|US|134
Palm Springs|California|US|45
Hot Springs|Arkansas|US|38
Washington|District of Columbia|US|690
Oklahoma City|Oklahoma|US|680
Louisville|Kentucky|US|630
Fresno|California|US|540
Mesa|Arizona|US|500
Long Beach|California|US|460
Virginia Beach|Virginia|US|455
Oakland|California|US|430
Tulsa|Oklahoma|US|410
Bakersfield|California|US|400
Wichita|Kansas|US|395
Anaheim|California|US|345
Lexington|Kentucky|US|320
Henderson|Nevada|US|320
Stockton|California|US|320
Corpus Christi|Texas|US|317
Riverside|California|US|315
Santa Ana|California|US|310
Newark|New Jersey|US|310
Saint Paul|Minnesota|US|310
Irvine|California|US|307
Greensboro|North Carolina|US|300
Lincoln|Nebraska|US|290
Jersey City|New Jersey|US|290
Durham|North Carolina|US|285
Plano|Texas|US|285
Chandler|Arizona|US|275
Toledo|Ohio|US|270
Reno|Nevada|US|265
Fort Wayne|Indiana|US|265
Gilbert|Arizona|US|267
St. Petersburg|Florida|US|260
Lubbock|Texas|US|260
Laredo|Texas|US|255
Irving|Texas|US|255
Glendale|Arizona|US|250
Glendale|California|US|195
Winston-Salem|North Carolina|US|250
Chesapeake|Virginia|US|250
Scottsdale|Arizona|US|240
Norfolk|Virginia|US|235
Spokane|Washington|US|230
Fremont|California|US|230
Santa Clarita|California|US|228
Baton Rouge|Louisiana|US|225
San Bernardino|California|US|222
Tacoma|Washington|US|220
Des Moines|Iowa|US|215
Huntsville|Alabama|US|215
Rochester|New York|US|210
Rochester|Minnesota|US|121
Yonkers|New York|US|210
Worcester|Massachusetts|US|206
Port St. Lucie|Florida|US|204
Little Rock|Arkansas|US|200
Montgomery|Alabama|US|200
Augusta|Georgia|US|200
Grand Rapids|Michigan|US|198
Overland Park|Kansas|US|197
Tallahassee|Florida|US|196
Grand Prairie|Texas|US|195
Sioux Falls|South Dakota|US|192
Knoxville|Tennessee|US|190
Providence|Rhode Island|US|190
Akron|Ohio|US|190
Vancouver|Washington|US|190
Mobile|Alabama|US|187
Fort Lauderdale|Florida|US|183
Chattanooga|Tennessee|US|180
Tempe|Arizona|US|180
Santa Rosa|California|US|178
Eugene|Oregon|US|177
Salem|Oregon|US|175
Fort Collins|Colorado|US|170
Jackson|Mississippi|US|150
Syracuse|New York|US|148
Bridgeport|Connecticut|US|148
Gainesville|Florida|US|140
Dayton|Ohio|US|137
Columbia|South Carolina|US|137
New Haven|Connecticut|US|134
Ann Arbor|Michigan|US|123
Fargo|North Dakota|US|125
Hartford|Connecticut|US|121
Billings|Montana|US|117
Wilmington|North Carolina|US|117
Boulder|Colorado|US|105
Provo|Utah|US|115
Burlington|Vermont|US|45
Cheyenne|Wyoming|US|65
Portsmouth|New Hampshire|US|22
Wilmington|Delaware|US|70
Garland|Texas|US|246
Frisco|Texas|US|220
McKinney|Texas|US|210
Mesquite|Texas|US|150
Carrollton|Texas|US|135
Denton|Texas|US|150
Richardson|Texas|US|120
Lewisville|Texas|US|130
Allen|Texas|US|110
Flower Mound|Texas|US|77
Euless|Texas|US|61
Bedford|Texas|US|49
Grapevine|Texas|US|51
Keller|Texas|US|45
Coppell|Texas|US|42
Rowlett|Texas|US|66
Wylie|Texas|US|59
Mansfield|Texas|US|77
Cedar Hill|Texas|US|49
DeSoto|Texas|US|56
Duncanville|Texas|US|40
Lancaster|Texas|US|41
Rockwall|Texas|US|50
Sachse|Texas|US|28
Little Elm|Texas|US|55
The Colony|Texas|US|45
Prosper|Texas|US|41
Southlake|Texas|US|31
Colleyville|Texas|US|26
Hurst|Texas|US|40
North Richland Hills|Texas|US|70
Haltom City|Texas|US|46
Burleson|Texas|US|52
Addison|Texas|US|17
Farmers Branch|Texas|US|36
University Park|Texas|US|25
Highland Park|Texas|US|9
Murphy|Texas|US|21
The Woodlands|Texas|US|115
Katy|Texas|US|25
Sugar Land|Texas|US|111
Pearland|Texas|US|125
Pasadena|Texas|US|150
League City|Texas|US|115
Berkeley|California|US|120
Hayward|California|US|160
Sunnyvale|California|US|155
Palo Alto|California|US|68
Salford|England|GB|270
Stockport|England|GB|295
Oldham|England|GB|240
Rochdale|England|GB|225
Bury|England|GB|195
Bolton|England|GB|295
Wigan|England|GB|330
`;

/** Lower-case without diacritics, so "cordoba" finds "Córdoba" and "zurich" finds "Zürich". */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function buildCatalog(): CatalogEntry[] {
  const lines = CITIES.split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  return lines.map((line, index) => {
    const [name = "", region = "", cc = "", pop = "0"] = line.split("|");
    const countryName = COUNTRIES[cc] ?? cc;
    // City-states repeat themselves ("Singapore, Singapore"): keep one.
    const parts = region === name && cc === "SG" ? [name, countryName] : [name, region, countryName];
    return {
      location_code: 1001 + index,
      name,
      full_name: parts.join(", "),
      country_code: cc,
      location_name: parts.join(","),
      city: name,
      region,
      country: cc,
      location_type: "City",
      // The label differs from full_name on purpose: searches accept only the label.
      label: `${name}, ${region}, ${cc}`,
      population: Number(pop) * 1000,
    };
  });
}

export const CATALOG: readonly CatalogEntry[] = buildCatalog();

const BY_LABEL = new Map(CATALOG.map((entry) => [entry.label, entry]));

export function findByLabel(label: string): CatalogEntry | undefined {
  return BY_LABEL.get(label);
}

export const MAX_LOCATION_MATCHES = 8;

/**
 * How well `entry` matches the folded `needle`, best first: 0 the city's name itself, 1 a prefix of
 * its name or label ("Spring" → "Springdale"), 2 a prefix of a later word of its name ("Springs" →
 * "Colorado Springs"); null when it does not match.
 */
function matchTier(entry: CatalogEntry, needle: string): 0 | 1 | 2 | null {
  const name = foldForSearch(entry.name);
  if (name === needle) return 0;
  if (name.startsWith(needle) || foldForSearch(entry.label).startsWith(needle)) return 1;
  return name
    .split(/[\s-]+/)
    .slice(1)
    .some((word) => word.startsWith(needle))
    ? 2
    : null;
}

/** Matches on the city name or the label (see matchTier); the best matches first, then biggest cities. */
export function searchLocations(q: string, country?: string): CatalogEntry[] {
  const needle = foldForSearch(q.trim());
  const matches: Array<{ entry: CatalogEntry; tier: number }> = [];
  for (const entry of CATALOG) {
    if (country !== undefined && entry.country_code !== country) continue;
    const tier = matchTier(entry, needle);
    if (tier !== null) matches.push({ entry, tier });
  }
  matches.sort((a, b) => a.tier - b.tier || b.entry.population - a.entry.population || a.entry.location_code - b.entry.location_code);
  return matches.slice(0, MAX_LOCATION_MATCHES).map((m) => m.entry);
}

/** The response shape: every Location field of the spec, nothing internal. */
export function renderLocation(entry: CatalogEntry): JsonObject {
  return {
    location_code: entry.location_code,
    name: entry.name,
    full_name: entry.full_name,
    country_code: entry.country_code,
    location_name: entry.location_name,
    city: entry.city,
    region: entry.region,
    country: entry.country,
    location_type: entry.location_type,
    label: entry.label,
  };
}
