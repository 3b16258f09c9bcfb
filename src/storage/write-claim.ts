// This file defines the write claim of the full-scope build's job store: only its holder changes the data entry, so no execution's change
// is overwritten. A claim is an entry its claimer adds and then looks beside; a claim whose execution has surely ended is void.
import { decodeClaim, encodeClaim, type Claim } from "./metadata-entries";
import { KEYS } from "./keys";
import { removeQuietly, type Metadata } from "./metadata-handles";
import { LONGEST_EXECUTION_MS } from "../rules/platform-limits";

/** Longer than an execution may live (6 min): a claim its execution never removed is void after it. */
export const CLAIM_MS = LONGEST_EXECUTION_MS;
/** A caller that may wait looks again after about this long while another execution holds the claim. */
const CLAIM_RETRY_MS = 500;

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
  /**
   * Writes what is pending and gives the claim up; `commit` false when a lock given up right after
   * commits it (SpreadsheetApp.flush before Lock.releaseLock).
   */
  release(commit?: boolean): void;
  /**
   * A pass's network phase: what is pending is written, and the claim stops letting this execution
   * write. Held under the document lock, its entry stays listed (void for whoever holds that lock,
   * so a click goes on at once, while a pass that opened the document by id still steps back);
   * else it is given up.
   */
  suspend(): void;
  /**
   * Back from the network phase: the claim as it was, if it is still listed and nobody's else is
   * live (without listing the store again when `quiet`: nobody took the document lock meanwhile);
   * else taken anew.
   */
  resume(waitMs: number, quiet: boolean): boolean;
}

/** What the store needs of the platform: Apps Script's services, or a test's stand-ins. */
export interface StoreRuntime {
  now(): number;
  sleep(ms: number): void;
  newToken(): string;
  random(): number;
}

/** The claim entries of a spreadsheet's developer metadata: adding one, and finding them all. */
export interface ClaimEntries {
  /** Adds a claim entry (PROJECT-visible, at the spreadsheet) holding `value`. */
  add(key: string, value: string): void;
  /** Every entry under `key`. */
  find(key: string): Metadata[];
  /**
   * Commits what this execution wrote (SpreadsheetApp.flush): Google does not say whether developer
   * metadata a script adds is seen by other executions before it flushes, so a claim is committed
   * before it is relied on, and the data before the claim is given up.
   */
  commit(): void;
}

/** A claim entry as a listing of the store found it. */
export interface ClaimEntry {
  handle: Metadata;
  claim: Claim;
  chars: number;
}

/** A claim whose execution has certainly ended: expired, or made under a lock the caller now holds. */
function isVoid(claim: Claim, holder: ClaimHolder, now: number): boolean {
  return (
    claim.until <= now || (claim.documentLock && holder.documentLock) || (claim.userLock !== null && claim.userLock === holder.userLock)
  );
}

/** One store's write claim in this execution: the claims its last listing found, and the one held. */
export class WriteClaim {
  private held: { handle: Metadata; depth: number; holder: ClaimHolder; token: string } | null = null;
  /** The claim a network phase left listed (WriteClaim.suspend), to take back as it was. */
  private suspended: { depth: number; holder: ClaimHolder; token: string } | null = null;
  /** The claim entries of the store's last listing, as this execution has changed them since. */
  private listed: ClaimEntry[] = [];

  constructor(
    private readonly entries: ClaimEntries,
    private readonly runtime: StoreRuntime,
  ) {}

  get isHeld(): boolean {
    return this.held !== null;
  }

  /** The claim entries a new listing of the store found. */
  setListed(entries: ClaimEntry[]): void {
    this.listed = entries;
  }

  /** Characters the listed claims take of the location. */
  listedChars(): number {
    return this.listed.reduce((total, { chars }) => total + chars, 0);
  }

  /**
   * Takes the store's write claim: adds a claim entry, then lists the store (`relist`). If no
   * other live claim is listed, no other execution can be changing the store (one that claimed
   * earlier is listed; one that claims later lists this claim and steps back; one that released
   * has written), so the values just read are current and this execution may change them.
   * Otherwise it steps back, and tries again while `waitMs` allows. Claims whose execution
   * certainly ended are removed.
   */
  take(holder: ClaimHolder, waitMs: number, relist: () => void): boolean {
    if (this.held !== null) {
      this.held.depth += 1;
      return true;
    }
    const giveUpAt = this.runtime.now() + waitMs;
    for (;;) {
      const mine: Claim = { token: this.runtime.newToken(), until: this.runtime.now() + CLAIM_MS, ...holder };
      this.entries.add(KEYS.metadataClaim, encodeClaim(mine));
      this.entries.commit();
      relist();
      const own = this.listed.find((c) => c.claim.token === mine.token);
      const others = this.listed.filter((c) => c !== own);
      const now = this.runtime.now();
      if (own !== undefined && others.every((c) => isVoid(c.claim, holder, now))) {
        for (const other of others) removeQuietly(other.handle);
        this.listed = [own];
        this.held = { handle: own.handle, depth: 1, holder, token: mine.token };
        return true;
      }
      if (own !== undefined) removeQuietly(own.handle);
      else this.removeClaim(mine.token);
      this.entries.commit(); // the others see it gone, and none of them steps back for it
      this.listed = others;
      if (this.runtime.now() + CLAIM_RETRY_MS > giveUpAt) return false;
      this.runtime.sleep(Math.round(CLAIM_RETRY_MS * (0.5 + this.runtime.random())));
    }
  }

  /** Gives up one level of the claim; at the last, runs `flush` (what is pending) and removes the claim. */
  release(flush: () => void, commit = true): void {
    const held = this.held;
    if (held === null) return;
    held.depth -= 1;
    if (held.depth > 0) return;
    try {
      flush();
    } finally {
      this.held = null;
      this.listed = this.listed.filter((c) => c.handle !== held.handle);
      // Best effort: a claim left behind is void once it expires, or for the next holder of its lock.
      removeQuietly(held.handle);
      // The data and the claim's removal are committed together: no one sees the one without the other.
      if (commit) this.entries.commit();
    }
  }

  /** StoreClaims.suspend: `flush` writes what is pending (committed by the caller with the sheets). */
  suspend(flush: () => void): void {
    const held = this.held;
    if (held === null) return;
    const { depth, holder, token } = held;
    if (holder.documentLock) {
      flush();
      this.held = null;
    } else {
      held.depth = 1;
      this.release(flush, false);
    }
    this.suspended = { depth, holder, token: holder.documentLock ? token : "" };
  }

  /** StoreClaims.resume: the claim left listed, if it still is and no other live claim is; else taken anew. */
  resume(waitMs: number, relist: () => void, quiet = false): boolean {
    const suspended = this.suspended;
    if (suspended === null) return true;
    this.suspended = null;
    const { depth, holder, token } = suspended;
    const find = () => this.listed.find((c) => c.claim.token === token);
    // `quiet`: nobody took the document lock meanwhile: nobody voided the claim, and a pass that opened the document by id stepped back.
    let own = token !== "" && quiet ? find() : undefined;
    if (token !== "" && own === undefined) {
      relist();
      const listed = find();
      const now = this.runtime.now();
      if (listed !== undefined && this.listed.every((c) => c === listed || isVoid(c.claim, holder, now))) own = listed;
      // Another execution took the document meanwhile (it voided ours): the claim is taken anew, as anyone's.
      else if (listed !== undefined) removeQuietly(listed.handle);
    }
    if (own !== undefined) {
      this.held = { handle: own.handle, depth, holder, token };
      return true;
    }
    if (!this.take(holder, waitMs, relist)) return false;
    if (this.held) this.held.depth = depth;
    return true;
  }

  /** Our claim was not listed right after it was added (it should be): find it by key and remove it. */
  private removeClaim(token: string): void {
    for (const metadata of this.entries.find(KEYS.metadataClaim)) {
      if (decodeClaim(metadata.getValue() ?? "")?.token === token) removeQuietly(metadata);
    }
  }
}
