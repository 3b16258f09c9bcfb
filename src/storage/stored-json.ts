// This file defines how stored state is read and written: the ONE place a stored JSON text is parsed. A record is read through its
// shape (a zod/mini schema), its version steps and one last turn into today's, so the code above a store only ever sees today's
// shape. Until the first release every record is version 1 and no shape has a step (docs/stored-state.md).
import * as z from "zod/mini";

/** How one kind of stored record is read back. */
export interface StoredShape<Today, Stored = Today> {
  /** Accepts the shapes this record is read in: today's, and an earlier version's once a step reads it. */
  readonly schema: z.ZodMiniType<Stored>;
  /** Turns what the schema read into today's record (a map's entries each read on its own, say). */
  upgrade(stored: Stored): Today;
  /**
   * A record (a JSON object) stored with its version: today's is the last step's `to`, or 1 without
   * steps. Absent for a value that is no record (plain text, a list, a map of entries).
   */
  readonly versioned?: true;
  /** The steps from earlier versions, in order; each runs on a record stored before its `to`. */
  readonly steps?: ReadonlyArray<VersionStep<Stored>>;
}

/** One step between versions: turns a record stored before version `to` into that version's shape. */
export interface VersionStep<Stored> {
  readonly to: number;
  upgrade(stored: Stored): Stored;
}

/** The field a record's version is stored in; a record stored without one is version 1. */
const VERSION_FIELD = "v";

/** Today's version of a record of `shape`. */
export const versionOf = (shape: { readonly steps?: ReadonlyArray<{ readonly to: number }> }): number =>
  Math.max(1, ...(shape.steps ?? []).map((step) => step.to));

/** A record's text as stored today: its JSON, with its version first when it is a versioned record. */
export function storedText<Today>(
  shape: { readonly versioned?: true; readonly steps?: ReadonlyArray<{ readonly to: number }> },
  record: Today,
): string {
  return shape.versioned ? JSON.stringify({ [VERSION_FIELD]: versionOf(shape), ...record }) : JSON.stringify(record);
}

/** A record read back, and whether it was stored in an earlier version than today's (to write back). */
interface ReadRecord<Today> {
  record: Today;
  outdated: boolean;
}

/** A shape that never changed: read as stored. */
/* @__NO_SIDE_EFFECTS__ */
export const currentShape = <T>(schema: z.ZodMiniType<T>): StoredShape<T> => ({ schema, upgrade: (stored) => stored });

/** The record a stored text holds, in today's shape; null when absent, not JSON, or of no known shape. */
export const readStored = <Today, Stored>(shape: StoredShape<Today, Stored>, text: string | null | undefined): Today | null =>
  readVersioned(shape, text)?.record ?? null;

/**
 * The record a stored text holds, upgraded in one step: every version step after its stored version,
 * then today's defaults; null when absent, not JSON, or of no known shape.
 */
export function readVersioned<Today, Stored>(shape: StoredShape<Today, Stored>, text: string | null | undefined): ReadRecord<Today> | null {
  if (text === null || text === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null; // A damaged record is treated as absent rather than stopping every pass.
  }
  const checked = shape.schema.safeParse(json);
  if (!checked.success) return null;
  if (!shape.versioned) return { record: shape.upgrade(checked.data), outdated: false };
  const stored = (json as Record<string, unknown>)[VERSION_FIELD];
  const version = typeof stored === "number" ? stored : 1;
  let record = checked.data;
  for (const step of shape.steps ?? []) if (version < step.to) record = step.upgrade(record);
  return { record: withoutVersion(shape.upgrade(record)), outdated: version < versionOf(shape) };
}

/** Today's record as the code sees it: its version is the store's business. */
function withoutVersion<T>(record: T): T {
  if (typeof record !== "object" || record === null || !(VERSION_FIELD in record)) return record;
  const { [VERSION_FIELD]: _, ...rest } = record as Record<string, unknown>;
  return rest as T;
}

/**
 * A map stored as one JSON object whose entries are read each on its own: an entry of no known
 * shape is dropped and the others kept, `upgrade` turning each entry read into today's.
 */
export function entriesShape<Entry, Today>(
  entry: z.ZodMiniType<Entry>,
  upgrade: (stored: Entry) => Today,
): StoredShape<Record<string, Today>, Record<string, unknown>> {
  return {
    schema: z.lazy(() => z.record(z.string(), z.unknown())),
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
