// This file defines zod/mini schemas written with zod's smaller parts (a tuple, a text-keyed record, a whole number, a union, an enum,
// checks of a pattern, a range, a length, trimmed text): they read stored state, answers and options as zod's own would, and keep
// zod's own (tuple, record, int, union, enum, regex, gte, lte, lengths, trim) out of the bundle; tests compare them with zod's.
import * as z from "zod/mini";

/** An item's or a value's issue, its path under the item's index or the value's key (zod's own raw issue, already worded). */
const nested = (issue: z.core.$ZodIssue, at: PropertyKey): z.core.$ZodRawIssue =>
  ({ ...issue, path: [at, ...issue.path] }) as z.core.$ZodRawIssue;

/** An issue's own message where `message` is given (zod words it "Invalid input" where nothing does). */
const wordedBy = (message: string | undefined): { message?: string } => (message === undefined ? {} : { message });

/** zod's `too_small` or `too_big` issue where `size` is outside `minimum`…`maximum` (inclusive), as its size checks push it. */
function checkBounds(
  payload: z.core.ParsePayload,
  size: number,
  minimum: number,
  maximum: number,
  issue: { origin: "int" | "number" | "string" | "array" | "unknown"; message?: string },
): void {
  const base = { ...issue, inclusive: true, continue: true, input: payload.value } as const;
  if (size < minimum) payload.issues.push({ code: "too_small", minimum, ...base });
  else if (size > maximum) payload.issues.push({ code: "too_big", maximum, ...base });
}

type Outputs<T extends readonly z.ZodMiniType[]> = { -readonly [K in keyof T]: z.output<T[K]> };

/** An array of `items.length` values, the i-th passing `items[i]` (its output in its place). */
export function tupleOf<const T extends readonly z.ZodMiniType[]>(items: T): z.ZodMiniType<Outputs<T>, unknown> {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((raw: unknown[], payload): Outputs<T> => {
      if (raw.length !== items.length) payload.issues.push({ code: "custom", message: `Expected ${items.length} items`, input: raw });
      const out = items.map((item, i) => {
        const parsed = item.safeParse(raw[i]);
        for (const issue of parsed.error?.issues ?? []) payload.issues.push(nested(issue, i));
        return parsed.data;
      });
      return out as Outputs<T>;
    }),
  );
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A plain object whose every value passes `value`, as zod's `record(string(), value)`: anything
 * else is an `invalid_type` issue expecting a record, a value's issues carry its key in their
 * path, and a `__proto__` key is left out.
 */
export function recordOf<V extends z.ZodMiniType>(value: V): z.ZodMiniType<Record<string, z.output<V>>, unknown> {
  return z.transform((raw: unknown, payload): Record<string, z.output<V>> => {
    const out: Record<string, z.output<V>> = {};
    if (!isPlainObject(raw)) {
      payload.issues.push({ code: "invalid_type", expected: "record", input: raw });
      return out;
    }
    for (const key of Object.keys(raw)) {
      if (key === "__proto__") continue;
      const parsed = value.safeParse(raw[key]);
      if (parsed.success) out[key] = parsed.data;
      for (const issue of parsed.error?.issues ?? []) payload.issues.push(nested(issue, key));
    }
    return out;
  });
}

/**
 * A whole number within the safe integer range, as zod's `int()`: a number that is not whole is an
 * `invalid_type` issue expecting "int" that stops later checks; one beyond the safe range is too big
 * or too small. `error` words every issue, as zod's `int({ error })`.
 */
export function intOf(error?: string): z.ZodMiniNumber<number> {
  return z.number(error === undefined ? undefined : { error }).check(
    z.check<number>((payload) => {
      const input = payload.value;
      if (Number.isInteger(input))
        checkBounds(payload, input, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, { origin: "int", ...wordedBy(error) });
      else payload.issues.push({ code: "invalid_type", expected: "int", format: "safeint", continue: false, input, ...wordedBy(error) });
    }),
  );
}

/**
 * The output of the first of `options` that the input passes, as zod's `union(options, { error })`:
 * where none passes, the one option that failed only its refinements gives its issues (zod's rule),
 * else the issue is `error` (zod's "Invalid input" without it). Each option runs as zod's union runs it, synchronously as safeParse does.
 */
export function unionOf<const T extends readonly z.ZodMiniType[]>(
  options: T,
  error?: string,
): z.ZodMiniType<z.output<T[number]>, z.input<T[number]>> {
  return z.transform((raw: z.input<T[number]>, payload): z.output<T[number]> => {
    const refined: z.core.ParsePayload[] = [];
    for (const option of options) {
      const result = option._zod.run({ value: raw, issues: [] }, { async: false }) as z.core.ParsePayload;
      if (result.issues.length === 0) return result.value as z.output<T[number]>;
      if (result.aborted !== true && result.issues.every((issue) => issue.continue === true)) refined.push(result);
    }
    const [only] = refined;
    if (only && refined.length === 1) {
      payload.issues.push(...only.issues);
      return only.value as z.output<T[number]>;
    }
    payload.issues.push({ code: "invalid_union", errors: [], input: raw, ...wordedBy(error) });
    return raw as z.output<T[number]>;
  });
}

/** One of `values`, as zod's `enum(values, { error })`: anything else is an `invalid_value` issue, worded by `error` from the input. */
export function enumOf<const T extends readonly string[]>(
  values: T,
  error?: (input: string) => string,
): z.ZodMiniType<T[number], T[number]> {
  return z.transform((raw: T[number], payload): T[number] => {
    if (!values.includes(raw)) {
      payload.issues.push({
        code: "invalid_value",
        values: [...values],
        input: raw,
        ...wordedBy(error?.(String(raw))),
      });
    }
    return raw;
  });
}

/** Text that `pattern` (not global) matches, as zod's `regex(pattern)` checks it: else an `invalid_format` issue. */
export const matching = (pattern: RegExp) =>
  z.check<string>((payload) => {
    const input = payload.value;
    if (!pattern.test(input)) {
      payload.issues.push({
        code: "invalid_format",
        format: "regex",
        origin: "string",
        input,
        pattern: pattern.toString(),
        continue: true,
      });
    }
  });

/** A number from `minimum` to `maximum`, as zod's `gte(minimum)` and `lte(maximum)` check it; `error` words either issue. */
export const within = (minimum: number, maximum = Number.POSITIVE_INFINITY, error?: string) =>
  z.check<number>((payload) => checkBounds(payload, payload.value, minimum, maximum, { origin: "number", ...wordedBy(error) }));

/** A value with a length: text (counted in code points, as zod counts it) or a list. */
type Lengthy = string | readonly unknown[];

/**
 * A length from `minimum` to `maximum`, as zod's `minLength(minimum)` and `maxLength(maximum)` check it (run on whatever has a
 * length, even after a type issue); `error` words either issue, from the input's own length.
 */
export const lengthWithin = (minimum: number, maximum = Number.POSITIVE_INFINITY, error?: string | ((length: number) => string)) =>
  z.check<Lengthy>(
    (payload) => {
      const input = payload.value;
      const length = typeof input === "string" ? Array.from(input).length : input.length;
      const origin = typeof input === "string" ? "string" : Array.isArray(input) ? "array" : "unknown";
      checkBounds(payload, length, minimum, maximum, { origin, ...wordedBy(typeof error === "function" ? error(input.length) : error) });
    },
    { when: (payload) => (payload.value as { length?: unknown } | null | undefined)?.length !== undefined },
  );

/** Text without its surrounding white space, for the checks after it: zod's `trim()`. */
export const trimmed = () =>
  z.check<string>((payload) => {
    payload.value = payload.value.trim();
  });
