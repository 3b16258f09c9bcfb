// This file defines the schema of a stored pair or triple: an array of exactly these items, each
// checked by its own schema. It does what zod's tuple does for stored state, without the ~500 bytes
// of the bundle that zod's tuple costs.
import * as z from "zod/mini";

type Outputs<T extends readonly z.ZodMiniType[]> = { -readonly [K in keyof T]: z.output<T[K]> };

/** An array of `items.length` values, the i-th passing `items[i]` (its output in its place). */
export function storedTuple<const T extends readonly z.ZodMiniType[]>(items: T): z.ZodMiniType<Outputs<T>, unknown> {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((raw: unknown[], payload): Outputs<T> => {
      if (raw.length !== items.length) payload.issues.push({ code: "custom", message: `Expected ${items.length} items`, input: raw });
      const out = items.map((item, i) => {
        const parsed = item.safeParse(raw[i]);
        if (!parsed.success) payload.issues.push({ code: "custom", message: parsed.error.issues[0]?.message ?? "Invalid item", input: raw[i], path: [i] });
        return parsed.data;
      });
      return out as Outputs<T>;
    }),
  );
}
