// The Marketplace kit's texts, without a browser: the listing's config within Google's limits, every
// scope of both builds' manifests (dist/, dist-full/) justified and nothing else, the privacy policy
// naming every store the code writes (found in src/, whatever module calls it) and carrying the
// Limited Use statement, and every link of the site resolving inside the kit. Each check is also
// shown to fail on what it must catch.
import * as path from "node:path";
import { linkProblems, privacyProblems } from "../../dev/listing/checks";
import { storesInCode } from "../../dev/listing/code-stores";
import { detailedDescription, placeholderProblems, readListingConfig, textProblems, type ListingConfig } from "../../dev/listing/config";
import { LIMITED_USE_STATEMENT } from "../../dev/listing/google-rules";
import { builtManifests, kitTexts, textChecks } from "../../dev/listing/kit";
import { SITE, siteFiles } from "../../dev/listing/kit-files";
import { SCOPE_JUSTIFICATIONS, scopeProblems } from "../../dev/listing/scopes";

const root = path.resolve(__dirname, "../..");
const config = readListingConfig(root);
const manifests = builtManifests(root);
const texts = kitTexts(config, manifests);
const privacy = texts.pages.get(SITE.pages.privacy) ?? "";
/** A problem as data: which check caught what (its sentence is made from the same fields). */
const withoutText = <P extends { text: string }>({ text: _text, ...problem }: P): Omit<P, "text"> => problem;

describe("the listing's texts (listing/listing.json)", () => {
  it('fit Google\'s limits: name at most 50 characters without "Google", short description at most 200, detailed under 16,000', () => {
    expect(config.name.length).toBeLessThanOrEqual(50);
    expect(config.name).not.toMatch(/google/i);
    expect(config.shortDescription.length).toBeLessThanOrEqual(200);
    expect(detailedDescription(config).length).toBeLessThan(16_000);
    expect(textProblems(config)).toEqual([]);
  });

  it("the check catches each limit broken", () => {
    const bad: ListingConfig = {
      ...config,
      name: `Leads for Google Sheets ${"x".repeat(40)}`,
      shortDescription: "y".repeat(201),
      detailedDescription: ["z".repeat(16_000)],
    };
    const problems = textProblems(bad);
    expect(problems.map((p) => p.split(":")[0])).toEqual(["name", "name", "shortDescription", "detailedDescription"]);
  });

  it("the example's values are flagged for a real release", () => {
    expect(placeholderProblems(config).length).toBeGreaterThan(0);
    expect(
      placeholderProblems({
        ...config,
        publisher: "Acme Leads GmbH",
        pagesUrl: "https://addon.acme-leads.de/",
        supportEmail: "help@acme-leads.de",
      }),
    ).toEqual([]);
  });
});

describe("the OAuth scope justification", () => {
  it("justifies every scope of both builds' manifests, and no scope neither asks for", () => {
    expect(manifests.map((m) => m.file)).toEqual([path.join("dist", "appsscript.json"), path.join("dist-full", "appsscript.json")]);
    const asked = new Set(manifests.flatMap((m) => m.oauthScopes));
    expect(asked.size).toBeGreaterThanOrEqual(4);
    expect(SCOPE_JUSTIFICATIONS.map((j) => j.scope).sort()).toEqual([...asked].sort());
    expect(scopeProblems(manifests)).toEqual([]);
    for (const j of SCOPE_JUSTIFICATIONS) {
      expect([j.scope, j.why.length > 40, j.withoutIt.length > 20, j.consentText.length > 10]).toEqual([j.scope, true, true, true]);
    }
    // `spreadsheets` is sensitive on Google's Sheets API page; the full build's verification must show it.
    expect(SCOPE_JUSTIFICATIONS.find((j) => j.scope.endsWith("/auth/spreadsheets"))?.sensitivity).toBe("sensitive");
  });

  it("the check catches a scope no one justified, and a justification no manifest needs", () => {
    const problems = scopeProblems([
      { file: "x/appsscript.json", oauthScopes: ["https://www.googleapis.com/auth/drive", ...(manifests[0]?.oauthScopes ?? [])] },
    ]);
    expect(problems.map(withoutText)).toEqual([
      { kind: "unjustified", file: "x/appsscript.json", scope: "https://www.googleapis.com/auth/drive" },
      { kind: "unneeded", scope: "https://www.googleapis.com/auth/spreadsheets" },
    ]);
  });

  it("the scope document and the demo video's shot list cover each scope of each build", () => {
    for (const scope of new Set(manifests.flatMap((m) => m.oauthScopes))) {
      expect(texts.scopes).toContain(scope);
      expect(texts.demoVideo).toContain(`\`${scope.replace("https://www.googleapis.com/auth/", "")}\``);
    }
    expect(texts.demoVideo).toMatch(/client_id=/);
    expect(texts.demoVideo).toContain(`"${config.name}"`);
  });
});

describe("the privacy policy", () => {
  it("names every store the code writes, found by the Apps Script calls in src/ (not by module names)", () => {
    const stores = storesInCode(path.join(root, "src"));
    // What the add-on is known to keep: the scan must find at least these.
    expect(stores.map((s) => s.call)).toEqual(
      expect.arrayContaining(["getUserProperties", "getDocumentProperties", "getDocumentCache", "addDeveloperMetadata", "newTrigger"]),
    );
    for (const store of stores) expect([store.words, store.named.test(privacy.replace(/<[^>]+>/g, " "))]).toEqual([store.words, true]);
    expect(privacyProblems(privacy, path.join(root, "src"))).toEqual([]);
  });

  it("carries the Limited Use statement, and says what it reads, sends, keeps and never does, and how to remove it", () => {
    expect(privacy).toContain(LIMITED_USE_STATEMENT);
    for (const id of ["reads-writes", "sends", "stores", "never", "limited-use", "removal"]) expect(privacy).toContain(`id="${id}"`);
    expect(privacy).toContain(config.serviceName);
  });

  it(
    "says what the add-on writes about people: owners' and decision makers' names, their e-mail addresses, " +
      "addresses, in the user's sheets",
    () => {
      const text = privacy.replace(/<[^>]+>/g, "");
      expect(text).toMatch(/What it writes about people/);
      for (const words of [
        "names of owners and decision makers",
        "e-mail addresses",
        "address",
        "only into the sheets of the spreadsheets you use it in",
      ])
        expect(text).toContain(words);
    },
  );

  it("the check catches a store the policy does not name, and a missing Limited Use statement", () => {
    const withoutCache = privacy.replace(/document cache/gi, "cache").replace(LIMITED_USE_STATEMENT, "Google's policies");
    const problems = privacyProblems(withoutCache, path.join(root, "src"));
    const cacheFiles = storesInCode(path.join(root, "src")).find((store) => store.call === "getDocumentCache")?.files;
    expect(problems.map(withoutText)).toEqual([
      { kind: "store_not_named", call: "getDocumentCache", files: cacheFiles },
      { kind: "no_limited_use" },
    ]);
  });
});

describe("the site's pages", () => {
  it("are the homepage, the privacy policy, the terms and the support page, each linking to the others", () => {
    expect([...texts.pages.keys()].sort()).toEqual(Object.values(SITE.pages).sort());
    for (const [file, html] of texts.pages) {
      for (const other of Object.values(SITE.pages)) expect([file, html.includes(`href="${other}"`)]).toEqual([file, true]);
      expect([file, html.includes(`mailto:${config.supportEmail}`)]).toEqual([file, true]);
    }
    expect(texts.pages.get(SITE.pages.support)).toContain("Check this spreadsheet");
  });

  it("every link resolves inside the kit (a page, an id in it, an image of the site), or is the support address or Google's policy", () => {
    expect(linkProblems(texts.pages, config)).toEqual([]);
    const linked = new Set(
      [...texts.pages.values()].flatMap((html) => [...html.matchAll(/\s(?:href|src)="(?![a-z]+:)([^"#]+)[^"]*"/g)].map((m) => m[1])),
    );
    for (const file of linked) expect(siteFiles()).toContain(file);
  });

  it("the check catches a link to a page the kit lacks, a missing anchor, and a link out of the kit", () => {
    const broken = new Map(texts.pages);
    broken.set(
      SITE.pages.home,
      `${texts.pages.get(SITE.pages.home)}<a href="pricing.html">x</a><a href="privacy.html#cookies">y</a>` +
        `<a href="https://tracker.example.net/">z</a>`,
    );
    expect(linkProblems(broken, config)).toEqual([
      'site/index.html: href="pricing.html" names no file of the site.',
      'site/index.html: href="privacy.html#cookies" points to #cookies, which privacy.html lacks.',
      'site/index.html: href="https://tracker.example.net/" leaves the kit.',
    ]);
  });

  it("every check the release runs passes", () => {
    expect(textChecks(root, config, manifests).filter((c) => c.problems.length > 0)).toEqual([]);
  });
});
