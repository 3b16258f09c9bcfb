// This file defines the job store's key-value store over a spreadsheet's developer metadata (the
// full-scope build): unlike document properties it travels with the spreadsheet, so a trigger that
// Google runs without a current document reaches it through SpreadsheetApp.openById, and every
// editor's sidebar reads the same records. ONE entry (PROJECT-visible, at the spreadsheet) holds
// every key, so a pass reads the store with one listing and one call per entry and writes it with
// one call. Only the execution holding the store's write claim changes that entry (claim()): two
// executions never rewrite it at once, so no change of another execution is ever overwritten.
// Google allows 30,000 characters of metadata per location; we count key + value characters.
import { JobStoreFullError } from "../jobs/job-store-budget";
import type { KeyValueStore, StoreBudget } from "../jobs/key-value-store";
import {
  CLAIM_KEY,
  DATA_KEY,
  EMPTY_DATA_CHARS,
  LEGACY_PREFIX,
  decodeClaim,
  decodeData,
  decodeNamedValue,
  encodeClaim,
  encodeData,
  lineChars,
  type Claim,
} from "./metadata-entries";

/** Our share of the spreadsheet's 30,000 characters, leaving room for other tools' metadata. */
export const METADATA_BUDGET_CHARS = 24_000;

/**
 * The job store's budget here, in characters: finished jobs are pruned while the store holds more
 * than 15,000 (about 23 finished searches of typical size), and a new job must leave 3,000 free,
 * so jobs in progress, start records, editor keys, write claims and waiting enrichment chunks'
 * heads have room between the pruning budget and the limit.
 */
export const METADATA_STORE_BUDGET: StoreBudget = {
  size: lineChars,
  limit: METADATA_BUDGET_CHARS,
  newJobCeiling: METADATA_BUDGET_CHARS - 3_000,
  pruneAbove: 15_000,
};

/** Longer than an execution may live (6 min): a claim its execution never removed is void after it. */
export const CLAIM_MS = 6.5 * 60 * 1000;
/** A caller that may wait looks again after about this long while another execution holds the claim. */
const CLAIM_RETRY_MS = 500;
/** Per-key entries moved into the data entry at a time: both copies count until the old one is removed. */
const MIGRATION_STEP_CHARS = 3_000;
/** Keys of the per-key layout nothing reads any more (the pass lease, now the write claim). */
const OBSOLETE_KEYS = ["passLease"];

/** Which locks the claiming execution holds for as long as it holds the claim. */
export interface ClaimHolder {
  /** The current document's lock (this store is the current document's). */
  documentLock: boolean;
  /** The id of the user whose lock it holds (a pass), or null. */
  userLock: string | null;
}

/** The write claim of a document's store: what an execution takes before changing it. */
export interface StoreClaims {
  /** Takes the claim, waiting up to `waitMs` while another execution holds it; false if it could not. */
  claim(holder: ClaimHolder, waitMs?: number): boolean;
  /** Writes what is pending and gives the claim up. */
  release(): void;
}

/** What the store needs of the platform: Apps Script's services, or a test's stand-ins. */
export interface StoreRuntime {
  now(): number;
  sleep(ms: number): void;
  newToken(): string;
  random(): number;
}

const APPS_SCRIPT: StoreRuntime = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(ms),
  newToken: () => Utilities.getUuid(),
  random: () => Math.random(),
};

type Metadata = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

interface LegacyEntry {
  handle: Metadata;
  name: string;
}

interface ClaimEntry {
  handle: Metadata;
  claim: Claim;
  chars: number;
}

/** The store as one listing found it, with this execution's changes. */
interface Listing {
  /** What the data entry holds, or will once written. */
  entry: Map<string, string>;
  handle: Metadata | null;
  /** Whether the data entry exists (its handle may still be unknown right after adding it). */
  exists: boolean;
  /** Further data entries (there should be none): merged into the first, removed at the next write. */
  extra: Metadata[];
  /** Entries of the per-key layout, moved into the data entry by the next write. */
  legacy: LegacyEntry[];
  legacyValues: Map<string, string>;
  /** Keys deleted while only the per-key layout held them. */
  deleted: Set<string>;
  claims: ClaimEntry[];
}

/** A claim whose execution has certainly ended: expired, or made under a lock the caller now holds. */
function isVoid(claim: Claim, holder: ClaimHolder, now: number): boolean {
  return claim.until <= now || (claim.documentLock && holder.documentLock) || (claim.userLock !== null && claim.userLock === holder.userLock);
}

/**
 * Read once per execution, or again when the claim is taken (the listing that follows the claim is
 * what the holder changes), and written by the claim's holder only: right away, or once at the end
 * of a batch.
 */
export class DeveloperMetadataStore implements KeyValueStore, StoreClaims {
  readonly budget = METADATA_STORE_BUDGET;
  private listing: Listing | null = null;
  private held: { handle: Metadata; depth: number } | null = null;
  private batchDepth = 0;
  private pending = false;

  constructor(
    private readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
    private readonly runtime: StoreRuntime = APPS_SCRIPT,
  ) {}

  // ---- reading ----------------------------------------------------------------------------------

  private load(): Listing {
    if (this.listing !== null) return this.listing;
    const listing: Listing = { entry: new Map(), handle: null, exists: false, extra: [], legacy: [], legacyValues: new Map(), deleted: new Set(), claims: [] };
    const found = this.spreadsheet.createDeveloperMetadataFinder().withVisibility(SpreadsheetApp.DeveloperMetadataVisibility.PROJECT).find();
    for (const metadata of found) {
      // Each getKey and getValue is a call: every value says what its entry is, so one call reads it.
      const raw = metadata.getValue() ?? "";
      const data = decodeData(raw);
      if (data !== null) {
        if (listing.exists) {
          for (const [key, value] of data) if (!listing.entry.has(key)) listing.entry.set(key, value);
          listing.extra.push(metadata);
        } else {
          Object.assign(listing, { entry: data, handle: metadata, exists: true });
        }
        continue;
      }
      const claim = decodeClaim(raw);
      if (claim !== null) {
        listing.claims.push({ handle: metadata, claim, chars: CLAIM_KEY.length + raw.length });
        continue;
      }
      const named = decodeNamedValue(raw) ?? namedByKey(metadata, raw);
      if (named === null) continue;
      listing.legacy.push({ handle: metadata, name: named.name });
      // Two executions may have added the same key: the later entry wins, the other goes with the move.
      if (OBSOLETE_KEYS.indexOf(named.name) < 0) listing.legacyValues.set(named.name, named.value);
    }
    this.listing = listing;
    return listing;
  }

  getProperty(key: string): string | null {
    const listing = this.load();
    if (listing.entry.has(key)) return listing.entry.get(key) ?? null;
    return listing.deleted.has(key) ? null : listing.legacyValues.get(key) ?? null;
  }

  getProperties(): Record<string, string> {
    const listing = this.load();
    const all: Record<string, string> = {};
    for (const [key, value] of listing.legacyValues) if (!listing.deleted.has(key)) all[key] = value;
    for (const [key, value] of listing.entry) all[key] = value;
    return all;
  }

  // ---- writing ----------------------------------------------------------------------------------

  setProperty(key: string, value: string): void {
    this.requireClaim();
    const listing = this.load();
    if (this.getProperty(key) === value) return;
    const had = listing.entry.has(key);
    const old = listing.entry.get(key);
    listing.entry.set(key, value);
    if (this.charsAfterWrite() > METADATA_BUDGET_CHARS) {
      if (had) listing.entry.set(key, old as string);
      else listing.entry.delete(key);
      throw new JobStoreFullError();
    }
    listing.deleted.delete(key);
    this.changed();
  }

  deleteProperty(key: string): void {
    this.requireClaim();
    const listing = this.load();
    if (this.getProperty(key) === null) return;
    listing.entry.delete(key);
    if (listing.legacyValues.has(key)) listing.deleted.add(key);
    this.changed();
  }

  /**
   * Runs `work` with its writes held back, then writes them in one call: a pass changes many
   * records, and the data entry is written whole anyway. Only for work that sends no request
   * creating a job and writes nowhere else that must come after the store (see poll-pass.ts).
   */
  batch<T>(work: () => T): T {
    this.batchDepth += 1;
    let threw = false;
    try {
      return work();
    } catch (error) {
      threw = true;
      throw error;
    } finally {
      this.batchDepth -= 1;
      if (this.batchDepth === 0) {
        if (!threw) this.flush();
        else {
          try {
            this.flush(); // what was done before the failure stays done
          } catch {
            // The failure that stopped the work is the one to report.
          }
        }
      }
    }
  }

  /** Writes what a batch holds back, now. */
  flush(): void {
    if (!this.pending) return;
    this.pending = false;
    try {
      this.write(this.load());
    } catch (error) {
      this.listing = null; // not written: read the document again rather than trust this copy
      throw error;
    }
  }

  private changed(): void {
    this.pending = true;
    if (this.batchDepth === 0) this.flush();
  }

  private requireClaim(): void {
    if (this.held === null) {
      throw new Error("The job store's developer metadata is changed only under its write claim (withDocumentLock, or a pass's claim).");
    }
  }

  /** What the location holds once the next write is done: the data entry with every key, and the claims. */
  private charsAfterWrite(): number {
    const listing = this.load();
    let total = DATA_KEY.length + EMPTY_DATA_CHARS;
    const all = this.getProperties();
    for (const key of Object.keys(all)) total += lineChars(key, all[key] ?? "");
    for (const { chars } of listing.claims) total += chars;
    return total;
  }

  private write(listing: Listing): void {
    // Entries of the per-key layout move into the data entry a few thousand characters at a time:
    // each lives twice between the write that copies it and its removal.
    while (listing.legacy.length > 0) {
      const step: LegacyEntry[] = [];
      let chars = 0;
      for (const old of listing.legacy) {
        const value = listing.entry.has(old.name) || listing.deleted.has(old.name) ? undefined : listing.legacyValues.get(old.name);
        const copy = value === undefined ? 0 : lineChars(old.name, value);
        if (step.length > 0 && chars + copy > MIGRATION_STEP_CHARS) break;
        if (value !== undefined) listing.entry.set(old.name, value);
        step.push(old);
        chars += copy;
      }
      this.writeEntry(listing);
      for (const old of step) removeQuietly(old.handle);
      listing.legacy = listing.legacy.slice(step.length);
      if (listing.legacy.length === 0) {
        listing.legacyValues.clear();
        listing.deleted.clear();
        this.removeExtra(listing);
        return;
      }
    }
    this.writeEntry(listing);
    this.removeExtra(listing);
  }

  private writeEntry(listing: Listing): void {
    if (listing.exists && listing.handle === null) listing.handle = this.findDataEntry();
    if (listing.entry.size === 0) {
      // Nothing left to keep: no entry at all, so a store emptied again leaves the spreadsheet as it was.
      if (listing.handle !== null) removeQuietly(listing.handle);
      Object.assign(listing, { handle: null, exists: false });
      return;
    }
    const text = encodeData(listing.entry);
    if (listing.handle !== null) {
      listing.handle.setValue(text);
      return;
    }
    // addDeveloperMetadata returns the spreadsheet, not the entry: a later write finds it by key.
    this.spreadsheet.addDeveloperMetadata(DATA_KEY, text, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
    listing.exists = true;
  }

  private findDataEntry(): Metadata | null {
    return this.spreadsheet.createDeveloperMetadataFinder().withKey(DATA_KEY).withVisibility(SpreadsheetApp.DeveloperMetadataVisibility.PROJECT).find()[0] ?? null;
  }

  private removeExtra(listing: Listing): void {
    for (const extra of listing.extra) removeQuietly(extra);
    listing.extra = [];
  }

  // ---- the write claim --------------------------------------------------------------------------

  /**
   * Takes the store's write claim: adds a claim entry, then lists the store. If no other live claim
   * is listed, no other execution can be changing the store (one that claimed earlier is listed;
   * one that claims later lists this claim and steps back; one that released has written), so the
   * values just read are current and this execution may change them. Otherwise it steps back, and
   * tries again while `waitMs` allows. Claims whose execution certainly ended are removed.
   */
  claim(holder: ClaimHolder, waitMs = 0): boolean {
    if (this.held !== null) {
      this.held.depth += 1;
      return true;
    }
    const giveUpAt = this.runtime.now() + waitMs;
    for (;;) {
      const mine: Claim = { token: this.runtime.newToken(), until: this.runtime.now() + CLAIM_MS, ...holder };
      this.spreadsheet.addDeveloperMetadata(CLAIM_KEY, encodeClaim(mine), SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
      this.listing = null;
      const listing = this.load();
      const own = listing.claims.find((c) => c.claim.token === mine.token);
      const others = listing.claims.filter((c) => c !== own);
      const now = this.runtime.now();
      if (own !== undefined && others.every((c) => isVoid(c.claim, holder, now))) {
        for (const other of others) removeQuietly(other.handle);
        listing.claims = [own];
        this.held = { handle: own.handle, depth: 1 };
        return true;
      }
      if (own !== undefined) removeQuietly(own.handle);
      else this.removeClaim(mine.token);
      listing.claims = others;
      if (this.runtime.now() + CLAIM_RETRY_MS > giveUpAt) return false;
      this.runtime.sleep(Math.round(CLAIM_RETRY_MS * (0.5 + this.runtime.random())));
    }
  }

  release(): void {
    const held = this.held;
    if (held === null) return;
    held.depth -= 1;
    if (held.depth > 0) return;
    try {
      this.flush();
    } finally {
      this.held = null;
      const listing = this.listing;
      if (listing !== null) listing.claims = listing.claims.filter((c) => c.handle !== held.handle);
      // Best effort: a claim left behind is void once it expires, or for the next holder of its lock.
      removeQuietly(held.handle);
    }
  }

  /** Our claim was not listed right after it was added (it should be): find it by key and remove it. */
  private removeClaim(token: string): void {
    for (const metadata of this.spreadsheet.createDeveloperMetadataFinder().withKey(CLAIM_KEY).find()) {
      if (decodeClaim(metadata.getValue() ?? "")?.token === token) removeQuietly(metadata);
    }
  }
}

/** A per-key entry whose value does not name it (the oldest layout): its metadata key does. */
function namedByKey(metadata: Metadata, raw: string): { name: string; value: string } | null {
  const key = metadata.getKey();
  return key.startsWith(LEGACY_PREFIX) ? { name: key.slice(LEGACY_PREFIX.length), value: raw } : null;
}

/** Removes an entry another execution may have removed already. */
function removeQuietly(metadata: Metadata): void {
  try {
    metadata.remove();
  } catch {
    // Already gone: what we wanted.
  }
}
