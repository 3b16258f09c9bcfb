// Tests the lean schemas and checks of src/storage/lean-schemas.ts against zod's own tuple, record, int, union, enum, regex, gte, lte, lengths and trim:
// the same inputs pass or fail alike, with the same outputs and the issues' codes and paths that
// the client's shape errors are worded from (api/schemas.ts describeIssue).
import * as z from "zod/mini";
import { enumOf, intOf, lengthWithin, matching, recordOf, trimmed, tupleOf, unionOf, within } from "../../src/storage/lean-schemas";

/** What a parse says that the add-on reads: success, the output, each issue's code, expected type and path. */
function outcome(schema: z.ZodMiniType, input: unknown): unknown {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      code: issue.code,
      path: issue.path,
      message: issue.message,
      expected: "expected" in issue ? issue.expected : undefined,
      origin: "origin" in issue ? issue.origin : undefined,
      bound: "maximum" in issue ? issue.maximum : "minimum" in issue ? issue.minimum : undefined,
    })),
  };
}

const RECORD_INPUTS: unknown[] = [
  {},
  { "a@b.com": { result: "valid" }, "c@d.com": { result: "invalid", quality: "low" } },
  { "a@b.com": { result: 3 } },
  { "a@b.com": "valid" },
  [],
  [{ result: "valid" }],
  null,
  "text",
  7,
  JSON.parse('{"__proto__": {"result": "valid"}, "x": {"result": "ok"}}'),
  { constructor: { result: "valid" } },
  Object.create(null),
];

describe("recordOf", () => {
  const entry = z.object({ result: z.optional(z.nullable(z.string())), quality: z.optional(z.string()) });

  it.each(RECORD_INPUTS.map((input) => [JSON.stringify(input) ?? String(input), input]))("reads %s as zod's record does", (_, input) => {
    expect(outcome(recordOf(entry), input)).toEqual(outcome(z.record(z.string(), entry), input));
  });

  it("reads text values and refuses others as zod's record does, inside an object (the issue's path from the root)", () => {
    const own = z.object({ phone_types: z.optional(recordOf(z.string())) });
    const zods = z.object({ phone_types: z.optional(z.record(z.string(), z.string())) });
    for (const input of [{ phone_types: { "+1 555": "mobile" } }, { phone_types: { "+1 555": 1 } }, { phone_types: ["mobile"] }, {}]) {
      expect(outcome(own, input)).toEqual(outcome(zods, input));
    }
  });

  it("keeps a value's output, not its input", () => {
    expect(
      recordOf(
        z.pipe(
          z.string(),
          z.transform((s) => s.length),
        ),
      ).parse({ a: "abc" }),
    ).toEqual({ a: 3 });
  });
});

describe("tupleOf", () => {
  const items = [z.nullable(z.string()), z.enum(["w", "r", "d"]), z.nullable(z.number())] as const;

  it("reads well-formed triples as zod's tuple does, each item's output in its place", () => {
    for (const input of [
      [null, "w", null],
      ["id", "r", 3],
    ]) {
      expect(outcome(tupleOf(items), input)).toEqual(outcome(z.tuple([...items]), input));
    }
    expect(
      tupleOf([
        z.number(),
        z.pipe(
          z.string(),
          z.transform((s) => s.length),
        ),
      ]).parse([3, "abcd"]),
    ).toEqual([3, 4]);
  });

  it("refuses what zod's tuple refuses: too few or too many items, an item of the wrong type, what is not an array", () => {
    for (const input of [["id", "w"], ["id", "w", 1, 2], ["id", "x", 1], [1, "w", 1], { 0: "id", 1: "w", 2: 1 }, "id,w,1", null]) {
      expect(tupleOf(items).safeParse(input).success).toBe(false);
      expect(z.tuple([...items]).safeParse(input).success).toBe(false);
    }
  });

  it("names the failing item's index in the issue's path, as zod's tuple does", () => {
    const paths = (schema: z.ZodMiniType) => schema.safeParse(["id", "x", 1]).error?.issues.map((issue) => issue.path);
    expect(paths(tupleOf(items))).toEqual(paths(z.tuple([...items])));
  });
});

describe("intOf", () => {
  const INPUTS: unknown[] = [
    0,
    7,
    -3,
    100,
    101,
    1.5,
    -0.5,
    Number.MAX_SAFE_INTEGER,
    2 ** 60,
    -(2 ** 60),
    Number.NaN,
    Number.POSITIVE_INFINITY,
    "7",
    null,
    undefined,
    true,
  ];

  it.each(INPUTS.map((input) => [String(input), input]))("reads %s as zod's int does, alone and with bounds", (_, input) => {
    expect(outcome(intOf(), input)).toEqual(outcome(z.int(), input));
    expect(outcome(intOf().check(z.gte(1), z.lte(100)), input)).toEqual(outcome(z.int().check(z.gte(1), z.lte(100)), input));
  });

  it.each(INPUTS.map((input) => [String(input), input]))("words every issue of %s as zod's int({ error }) does", (_, input) => {
    const problem = "Max results must be a whole number from 1 to 100.";
    const own = intOf(problem).check(z.gte(1, { error: problem }), z.lte(100, { error: problem }));
    const zods = z.int({ error: problem }).check(z.gte(1, { error: problem }), z.lte(100, { error: problem }));
    expect(outcome(own, input)).toEqual(outcome(zods, input));
  });
});

describe("unionOf", () => {
  const tooLong = (max: number) => z.string().check(z.refine((text) => text.length <= max, { error: `at most ${max} characters` }));
  // Options of each kind the add-on unites: types alone, objects, pipes with a transform, and refinements
  // (an option that fails only its refinements gives its own issues, as zod's union does).
  const OPTIONS = [
    [z.number(), z.string()],
    [z.string(), z.number(), z.boolean()],
    [z.string(), z.object({ kind: z.enum(["lasting"]), text: z.string() }), z.object({ kind: z.enum(["passFailed"]), step: z.string() })],
    [
      z.pipe(
        tooLong(5),
        z.transform((label) => ({ label })),
      ),
      z.object({ label: tooLong(5), code: z.optional(tooLong(2)) }),
    ],
    [z.object({ a: tooLong(2) }), z.object({ a: tooLong(3) })],
  ] as const;
  const INPUTS: unknown[] = [
    7,
    Number.NaN,
    "text",
    "much too long",
    true,
    null,
    undefined,
    [],
    { kind: "lasting", text: "t" },
    { kind: "passFailed", step: "write" },
    { kind: "other" },
    { label: "short" },
    { label: "much too long" },
    { label: "ok", code: "USA" },
    { a: "abc" },
    { a: "abcd" },
  ];

  it.each(OPTIONS.map((options, i) => [i, options]))("reads every input as zod's union does (options %s)", (_, options) => {
    for (const input of INPUTS) {
      expect(outcome(unionOf(options), input)).toEqual(outcome(z.union(options), input));
      expect(outcome(unionOf(options, "Pick one."), input)).toEqual(outcome(z.union(options, { error: "Pick one." }), input));
      const inside = (schema: z.ZodMiniType) => z.object({ list: z.array(z.optional(z.nullable(schema))) });
      expect(outcome(inside(unionOf(options)), { list: [input] })).toEqual(outcome(inside(z.union(options)), { list: [input] }));
    }
  });
});

describe("enumOf", () => {
  const VALUES = ["day", "week", "off"] as const;
  const INPUTS: unknown[] = ["day", "off", "Day", "", "month", 1, null, undefined, true, {}, ["day"]];
  const word = (input: string) => `"${input}" is none of them.`;

  it.each(INPUTS.map((input) => [String(input), input]))(
    "reads %s as zod's enum does: alone, worded, as a key and in a pipe",
    (_, input) => {
      expect(outcome(enumOf(VALUES), input)).toEqual(outcome(z.enum(VALUES), input));
      expect(outcome(enumOf(VALUES, word), input)).toEqual(outcome(z.enum(VALUES, { error: (issue) => word(String(issue.input)) }), input));
      const keyed = (schema: z.ZodMiniType) => z.object({ every: schema, kind: z.optional(schema) });
      for (const object of [{ every: input }, { every: "day", kind: input }, {}]) {
        expect(outcome(keyed(enumOf(VALUES)), object)).toEqual(outcome(keyed(z.enum(VALUES)), object));
      }
      const piped = (schema: z.ZodMiniType) =>
        z.pipe(
          z.optional(z.nullable(schema)),
          z.transform((value) => `read ${String(value)}`),
        );
      expect(outcome(piped(enumOf(VALUES)), input)).toEqual(outcome(piped(z.enum(VALUES)), input));
    },
  );
});

describe("matching", () => {
  const PATTERN = /^[A-Z]{2}$/;
  const INPUTS: unknown[] = ["US", "us", "USA", "", " US", 12, null, undefined, ["US"]];

  it.each(INPUTS.map((input) => [String(input), input]))("checks %s as zod's regex does, with other checks and worded", (_, input) => {
    expect(outcome(z.string().check(matching(PATTERN)), input)).toEqual(outcome(z.string().check(z.regex(PATTERN)), input));
    const own = z.string({ error: "Two letters." }).check(z.trim(), matching(PATTERN), z.maxLength(2));
    const zods = z.string({ error: "Two letters." }).check(z.trim(), z.regex(PATTERN), z.maxLength(2));
    expect(outcome(own, input)).toEqual(outcome(zods, input));
  });
});

describe("within", () => {
  const INPUTS: unknown[] = [0, 1, 50, 100, 101, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "7", null, undefined];

  it.each(INPUTS.map((input) => [String(input), input]))("checks %s as zod's gte and lte do, with and without words", (_, input) => {
    expect(outcome(intOf().check(within(1)), input)).toEqual(outcome(intOf().check(z.gte(1)), input));
    expect(outcome(z.number().check(within(1, 100)), input)).toEqual(outcome(z.number().check(z.gte(1), z.lte(100)), input));
    const problem = "Pick 1 to 100.";
    expect(outcome(intOf(problem).check(within(1, 100, problem)), input)).toEqual(
      outcome(intOf(problem).check(z.gte(1, { error: problem }), z.lte(100, { error: problem })), input),
    );
  });
});

describe("trimmed", () => {
  const INPUTS: unknown[] = ["  a b  ", "", "   ", "\tx\n", 3, null];

  it.each(INPUTS.map((input) => [JSON.stringify(input), input]))("trims %s as zod's trim does, before the checks after it", (_, input) => {
    expect(outcome(z.string().check(trimmed(), z.minLength(1), z.maxLength(3)), input)).toEqual(
      outcome(z.string().check(z.trim(), z.minLength(1), z.maxLength(3)), input),
    );
  });
});

describe("lengthWithin", () => {
  const INPUTS: unknown[] = [
    "",
    "ab",
    "abc",
    "abcd",
    "😀😀😀",
    "😀😀😀😀",
    "\ud83dx",
    [],
    [1, 2, 3],
    [1, 2, 3, 4],
    { length: 9 },
    5,
    null,
    undefined,
  ];

  it.each(INPUTS.map((input) => [JSON.stringify(input), input]))("checks %s as zod's minLength and maxLength do", (_, input) => {
    for (const type of [z.string(), z.array(z.number())] as Array<z.ZodMiniType<string | readonly unknown[]>>) {
      const own = type.check(lengthWithin(1, 3));
      const zods = type.check(z.minLength(1), z.maxLength(3));
      expect(outcome(own, input)).toEqual(outcome(zods, input));
      expect(outcome(type.check(lengthWithin(2)), input)).toEqual(outcome(type.check(z.minLength(2)), input));
      const words = (given: number) => `${given} were given.`;
      expect(outcome(type.check(lengthWithin(0, 3, words)), input)).toEqual(
        outcome(type.check(z.maxLength(3, { error: (issue) => words((issue.input as unknown[]).length) })), input),
      );
      expect(outcome(type.check(lengthWithin(1, undefined, "Missing.")), input)).toEqual(
        outcome(type.check(z.minLength(1, { error: "Missing." })), input),
      );
    }
  });
});
