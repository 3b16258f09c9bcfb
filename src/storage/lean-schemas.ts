// This file defines two zod/mini schemas written with zod's pipe and transform: a tuple and a record
// keyed by text. They read stored state and the service's maps as zod's own would, and leave zod's
// tuple and record (about 3 KB of the bundle) out.
import * as z from "zod/mini";

/** An item's or a value's issue, its path under the item's index or the value's key (zod's own raw issue, already worded). */
const nested = (issue: z.core.$ZodIssue, at: PropertyKey): z.core.$ZodRawIssue => ({ ...issue, path: [at, ...issue.path] }) as z.core.$ZodRawIssue;

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
