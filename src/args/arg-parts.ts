// This file defines the parts every feature's sidebar arguments are made of (src/ui/entry-args.ts gathers them): text that may be
// left out, a flag only true turns on, a whole number given as digits, an id that must be given, each with the sentence a mistake gets.
// Each is a builder: a schema is made when a command first parses its argument, never while the bundle loads.
import * as z from "zod/mini";

/** A sidebar argument left out: absent, null or the empty string (a cleared field). */
const isNotGiven = (value: unknown): boolean => value === undefined || value === null || value === "";
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** How many items a list given as an argument has (0 for what is no list). */
export const lengthOf = (input: unknown): number => (Array.isArray(input) ? input.length : 0);
/** What text longer than `max` is told. */
export const tooLong = (what: string, max: number) => (text: string) => `${what} is ${text.length} characters; at most ${max} are allowed.`;

/**
 * `schema`, where anything but an object (nothing at all, from a call without arguments) reads as
 * an empty object; the caller's type stays the object's.
 */
export const orEmpty = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(
    z.transform((raw: z.input<S> | undefined): unknown => (isRecord(raw) ? raw : {})),
    schema,
  );

/**
 * `schema`'s value, or `value` when the input does not pass it; the caller's type stays the
 * schema's. (zod's own catch() would bring all of zod's utilities into the bundle.)
 */
export const orElse = <S extends z.ZodMiniType>(schema: S, value: z.output<S>) =>
  z.transform((raw: z.input<S>): z.output<S> => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : value;
  });

/**
 * `schema`, with its key optional in the caller's type: a left-out key is read as undefined by
 * `schema` (zod's prefault does the same for about 700 bytes more of the bundle).
 */
export const mayBeLeftOut = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(
    z.optional(z.unknown() as z.ZodMiniType<z.input<S>, z.input<S>>),
    schema as unknown as z.ZodMiniType<z.output<S>, z.input<S> | undefined>,
  );

/** Text that may be left out: absent, null or blank is "not given" (undefined); otherwise trimmed. */
export const optionalText = (what: string) =>
  z.pipe(
    z.optional(z.nullable(z.string({ error: `${what} must be text.` }))),
    z.transform((value) => (value ?? "").trim() || undefined),
  );

/** Text that must be given: `missing` when absent or blank. */
export const requiredText = (what: string, missing: string) => z.pipe(optionalText(what), z.string({ error: missing }));

/** `text` that also passes the request schema's `field`, else `problem`. */
export const meets = <S extends z.ZodMiniType<string | undefined>>(
  text: S,
  field: z.ZodMiniType<string>,
  problem: (value: string) => string,
): S =>
  text.check(
    z.refine((value) => value === undefined || field.safeParse(value).success, { error: (issue) => problem(String(issue.input)) }),
  );

/** An id that must be given; what is not text counts as not given. */
export const idText = (missing: string) => z.pipe(orElse(z.string(), ""), z.string().check(z.trim(), z.minLength(1, { error: missing })));

/** true only for true: anything else given is off; absent is `absent`. */
export const flag = (absent: boolean) =>
  mayBeLeftOut(
    z.pipe(
      orElse(z.optional(z.nullable(z.boolean())), false),
      z.transform((value) => value ?? absent),
    ),
  );

/** An option that only `true` turns on: anything else given, or nothing, leaves it out (undefined). */
export const onlyTrue = () =>
  mayBeLeftOut(
    z.pipe(
      orElse(z.optional(z.nullable(z.boolean())), undefined),
      z.transform((on): true | undefined => (on === true ? true : undefined)),
    ),
  );

/** A whole number from `min` to `max`, given as a number or its digits; blank is `absent`. */
export const wholeNumber = (absent: number, min: number, max: number, problem: string) =>
  z.pipe(
    z.pipe(
      z.optional(z.nullable(z.union([z.number(), z.string()], { error: problem }))),
      z.transform((value) => (isNotGiven(value) ? absent : Number(value))),
    ),
    z.int({ error: problem }).check(z.gte(min, { error: problem }), z.lte(max, { error: problem })),
  );

/** An argument that is one job's id, which must be given. */
export const jobIdArg = (missing: string) => z.lazy(() => orEmpty(z.object({ jobId: idText(missing) })));
