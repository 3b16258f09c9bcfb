// Tests the custom functions' cache and cell values: large answers split over several entries
// (each under Cache's 100 KB) and read back whole or not at all; namespaces keep keys apart;
// a failing cache is a miss, never an error; field names and values as cells.
import * as z from "zod/mini";
import { CellCache, type CacheLike } from "../../src/functions/cell-cache";
import { currentShape } from "../../src/storage/stored-json";
import { MapCache } from "./map-cache";
import { BUSINESS_FIELDS, fieldList, fieldName, fieldTable, toCell } from "../../src/functions/field-values";

const TABLE = currentShape(z.array(z.array(z.union([z.string(), z.number()]))));
const NUMBER = currentShape(z.number());

describe("CellCache", () => {
  it("splits a large answer into entries under 100 KB and reads it back whole", () => {
    const store = new MapCache();
    const cache = new CellCache(store, "ns1");
    const table = Array.from({ length: 700 }, (_, i) => [`id-${i}`, "Ünïcödé café ".repeat(40), i]);
    cache.putLarge("res:x", table, 60);
    expect(store.entries.size).toBeGreaterThan(3);
    for (const value of store.entries.values()) expect(Buffer.byteLength(value, "utf8")).toBeLessThan(100 * 1024);
    expect(cache.getLarge("res:x", TABLE)).toEqual(table);
    expect(new CellCache(store, "ns2").getLarge("res:x", TABLE)).toBeNull();
    // One lost chunk (Google may drop any entry): a miss, not a wrong answer.
    store.entries.delete([...store.entries.keys()].find((k) => k.endsWith("#1")) as string);
    expect(cache.getLarge("res:x", TABLE)).toBeNull();
  });

  it("treats a failing or absent cache as a miss", () => {
    const broken: CacheLike = {
      getAll: () => {
        throw new Error("down");
      },
      putAll: () => {
        throw new Error("down");
      },
    };
    const cache = new CellCache(broken, "ns");
    expect(() => cache.putMany([["a", 1]], 60)).not.toThrow();
    expect(cache.getMany(["a"], NUMBER).size).toBe(0);
    expect(new CellCache(null, "ns").getLarge("a", TABLE)).toBeNull();
  });

  it("reads an entry of another shape as a miss, like a damaged one", () => {
    const store = new MapCache();
    const cache = new CellCache(store, "ns");
    cache.putMany(
      [
        ["n", 7],
        ["t", "seven"],
      ],
      60,
    );
    expect([...cache.getMany(["n", "t"], NUMBER)]).toEqual([["n", 7]]);
    cache.putLarge("table", [["a", 1]], 60);
    expect(cache.getLarge("table", TABLE)).toEqual([["a", 1]]);
    expect(cache.getLarge("table", NUMBER)).toBeNull();
  });
});

describe("field values", () => {
  it("accepts service names and the results sheet's header labels, and refuses others with the list", () => {
    expect(fieldName("phone", BUSINESS_FIELDS, "business")).toBe("phone");
    expect(fieldName("Maps URL", BUSINESS_FIELDS, "business")).toBe("maps_url");
    expect(fieldName("Business ID", BUSINESS_FIELDS, "business")).toBe("id");
    expect(fieldName(" Name ", BUSINESS_FIELDS, "business")).toBe("title");
    expect(() => fieldName("fax", BUSINESS_FIELDS, "business")).toThrow(/"fax" is not a field of a business\. Use one of: id, search_id/);
    expect(fieldList(" title, phone ,", BUSINESS_FIELDS, "business", ["id"])).toEqual(["title", "phone"]);
    expect(fieldList(undefined, BUSINESS_FIELDS, "business", ["id"])).toEqual(["id"]);
  });

  it("keeps text as text, joins lists, writes objects as readable text, and empties absent values", () => {
    expect(toCell("0042")).toBe("0042");
    expect(toCell('=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(toCell(["a@b.c", "d@e.f"])).toBe("a@b.c, d@e.f");
    expect(toCell({ facebooks: ["f"] })).toBe("Facebook: f");
    expect(toCell(null)).toBe("");
    expect(fieldTable({ zeta: 1, title: "T", id: "I" }, BUSINESS_FIELDS)).toEqual([
      ["id", "I"],
      ["title", "T"],
      ["zeta", 1],
    ]);
  });
});
