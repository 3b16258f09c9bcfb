// This file defines how stored state is read back: the ONE place a stored JSON text is parsed. A
// store is a boundary like the network: what it hands back was written by this version, an earlier
// one, another editor's, or damaged, so each kind of record is read through its shape: a zod/mini
// schema that accepts every shape ever stored, then one upgrade step that turns an older shape into
// today's. The code above a store only ever sees today's shape.
import * as z from "zod/mini";

/** How one kind of stored record is read back. */
export interface StoredShape<Today, Stored = Today> {
  /** Accepts every shape this record was ever stored in (fields a later version added are optional). */
  readonly schema: z.ZodMiniType<Stored>;
  /** Turns a record of an earlier shape into today's (defaults for what it lacked). */
  upgrade(stored: Stored): Today;
}

/** A shape that never changed: read as stored. */
export const currentShape = <T>(schema: z.ZodMiniType<T>): StoredShape<T> => ({ schema, upgrade: (stored) => stored });

/** The record a stored text holds, in today's shape; null when absent, not JSON, or of no known shape. */
export function readStored<Today, Stored>(shape: StoredShape<Today, Stored>, text: string | null | undefined): Today | null {
  if (text === null || text === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null; // A damaged record is treated as absent rather than stopping every pass.
  }
  const checked = shape.schema.safeParse(json);
  return checked.success ? shape.upgrade(checked.data) : null;
}

/**
 * A map stored as one JSON object whose entries are read each on its own: an entry of no known
 * shape is dropped and the others kept, `upgrade` turning an entry of an earlier shape into today's.
 */
export function entriesShape<Entry, Today>(entry: z.ZodMiniType<Entry>, upgrade: (stored: Entry) => Today): StoredShape<Record<string, Today>, Record<string, unknown>> {
  return {
    schema: z.record(z.string(), z.unknown()),
    upgrade: (stored) => {
      const entries: Record<string, Today> = {};
      for (const key of Object.keys(stored)) {
        const checked = entry.safeParse(stored[key]);
        if (checked.success) entries[key] = upgrade(checked.data);
      }
      return entries;
    },
  };
}
