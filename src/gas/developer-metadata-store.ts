// This file defines the job store over a spreadsheet's developer metadata (full-scope build): it travels with the spreadsheet, so a
// trigger with no current document reaches it by id. ONE entry holds every key, changed only under the write claim
// (src/storage/write-claim.ts); Google allows 30,000 characters of metadata per location, counted as key + value.
import { JobStoreFullError } from "../jobs/job-store-budget";
import type { KeyValueStore, StoreBudget } from "../storage/key-value-store";
import { decodeClaim, decodeData, emptyDataChars, encodeData, lineChars } from "../storage/metadata-entries";
import { KEYS } from "../storage/keys";
import { removeQuietly } from "../storage/metadata-handles";
import {
  WriteClaim,
  type ClaimEntries,
  type ClaimEntry,
  type ClaimHolder,
  type StoreClaims,
  type StoreRuntime,
} from "../storage/write-claim";
import { appsScriptClock, newUuid } from "./utilities";
import { bestEffort } from "../errors/best-effort";

/** An entry of the spreadsheet's developer metadata, as Apps Script hands it. */
type DataEntry = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

/** The write claim's platform: Apps Script's clock and UUIDs (arrows only, so the default build leaves it out). */
const APPS_SCRIPT: StoreRuntime = {
  now: () => appsScriptClock.now(),
  sleep: (ms) => appsScriptClock.sleep(ms),
  newToken: newUuid,
  random: () => Math.random(),
};

/** A spreadsheet's claim entries in developer metadata. */
const claimEntriesOf = (spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet): ClaimEntries => ({
  add: (key, value) => {
    spreadsheet.addDeveloperMetadata(key, value, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
  },
  find: (key) => spreadsheet.createDeveloperMetadataFinder().withKey(key).find(),
  commit: () => SpreadsheetApp.flush(),
});

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

/** The store as one listing found it, with this execution's changes (its claims: WriteClaim). */
interface Listing {
  /** What the data entry holds, or will once written. */
  entry: Map<string, string>;
  handle: DataEntry | null;
  /** Whether the data entry exists (its handle may still be unknown right after adding it). */
  exists: boolean;
  /** Further data entries (there should be none): merged into the first, removed at the next write. */
  extra: DataEntry[];
}

/**
 * Read once per execution, or again when the claim is taken (the listing that follows the claim is
 * what the holder changes), and written by the claim's holder only: right away, or once at the end
 * of a batch.
 */
export class DeveloperMetadataStore implements KeyValueStore, StoreClaims {
  readonly budget = METADATA_STORE_BUDGET;
  private listing: Listing | null = null;
  private readonly writeClaim: WriteClaim;
  private batchDepth = 0;
  private pending = false;

  constructor(
    private readonly spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet,
    runtime: StoreRuntime = APPS_SCRIPT,
  ) {
    this.writeClaim = new WriteClaim(claimEntriesOf(spreadsheet), runtime);
  }

  // ---- reading ----------------------------------------------------------------------------------

  /** The store as this execution listed it, or (`afresh`) as the document holds it now. */
  private load(afresh = false): Listing {
    if (afresh) this.listing = null;
    if (this.listing !== null) return this.listing;
    const listing: Listing = { entry: new Map(), handle: null, exists: false, extra: [] };
    const claims: ClaimEntry[] = [];
    for (const metadata of this.finder().find()) {
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
      if (claim !== null) claims.push({ handle: metadata, claim, chars: KEYS.metadataClaim.length + raw.length });
    }
    this.writeClaim.setListed(claims);
    this.listing = listing;
    return listing;
  }

  /** The project's entries of the spreadsheet's developer metadata. */
  private finder(): GoogleAppsScript.Spreadsheet.DeveloperMetadataFinder {
    return this.spreadsheet.createDeveloperMetadataFinder().withVisibility(SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
  }

  getProperty(key: string): string | null {
    return this.load().entry.get(key) ?? null;
  }

  getProperties(): Record<string, string> {
    return Object.fromEntries(this.load().entry);
  }

  // ---- writing ----------------------------------------------------------------------------------

  setProperty(key: string, value: string): void {
    this.requireClaim();
    const listing = this.load();
    if (this.getProperty(key) === value) return;
    const old = listing.entry.get(key);
    listing.entry.set(key, value);
    if (this.charsAfterWrite() > METADATA_BUDGET_CHARS) {
      if (old === undefined) listing.entry.delete(key);
      else listing.entry.set(key, old);
      throw new JobStoreFullError();
    }
    this.changed();
  }

  deleteProperty(key: string): void {
    this.requireClaim();
    const listing = this.load();
    if (this.getProperty(key) === null) return;
    listing.entry.delete(key);
    this.changed();
  }

  /**
   * Runs `work` with its writes held back, then writes them in one call: a pass changes many
   * records, and the data entry is written whole anyway. Only for work that sends no request
   * creating a job and writes nowhere else that must come after the store (see poll-pass.ts).
   */
  batch<T>(work: () => T): T {
    this.batchDepth += 1;
    let result: T;
    try {
      result = work();
    } catch (error) {
      // What was done before the failure stays done; the failure that stopped the work is the one to report.
      if (this.batchDepth === 1) bestEffort(() => this.flush());
      throw error;
    } finally {
      this.batchDepth -= 1;
    }
    if (this.batchDepth === 0) this.flush();
    return result;
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
    if (!this.writeClaim.isHeld) {
      throw new Error("The job store's developer metadata is changed only under its write claim (withDocumentLock, or a pass's claim).");
    }
  }

  /** What the location holds once the next write is done: the data entry with every key, and the claims. */
  private charsAfterWrite(): number {
    let total = emptyDataChars();
    for (const [key, value] of this.load().entry) total += lineChars(key, value);
    return total + this.writeClaim.listedChars();
  }

  private write(listing: Listing): void {
    this.writeEntry(listing);
    for (const extra of listing.extra) removeQuietly(extra);
    listing.extra = [];
  }

  private writeEntry(listing: Listing): void {
    if (listing.exists && listing.handle === null) listing.handle = this.finder().withKey(KEYS.metadataData).find()[0] ?? null;
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
    this.spreadsheet.addDeveloperMetadata(KEYS.metadataData, text, SpreadsheetApp.DeveloperMetadataVisibility.PROJECT);
    listing.exists = true;
  }

  // ---- the write claim --------------------------------------------------------------------------

  /** Takes the store's write claim (WriteClaim.take); the listing that follows it is what the holder changes. */
  claim(holder: ClaimHolder, waitMs = 0): boolean {
    return this.writeClaim.take(holder, waitMs, () => this.load(true));
  }

  release(commit = true): void {
    this.writeClaim.release(() => this.flush(), commit);
  }

  suspend(): void {
    this.writeClaim.suspend(() => this.flush());
  }

  resume(waitMs: number, quiet: boolean): boolean {
    return this.writeClaim.resume(waitMs, () => this.load(true), quiet);
  }
}
