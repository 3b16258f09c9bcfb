// This file defines the sending half of one startEnrichment: every chunk is stored (body and
// idempotency key, src/enrich/pending.ts) BEFORE its request, and forgotten only once its job is
// recorded and its rows say so. An execution killed anywhere therefore leaves its chunks stored,
// and the next run (or pass) repeats them with their own keys before planning anything new: the
// service charges each chunk once, however tight the credits have become meanwhile.
import type { CreateEnrichmentRequest } from "../api/schemas";
import type { LeadsApiError } from "../api/errors";
import type { JobsContext } from "../jobs/job-context";
import type { JobRecord } from "../jobs/job-record";
import { JobStoreFullError } from "../jobs/job-store-budget";
import { ALREADY_ENRICHED, BEING_ENRICHED, ENRICHED_FOR_HEADER, ROW_STATUS, STATUS_HEADER } from "./result-columns";
import { chunkIdempotencyKey, chunkStartKey, sendChunk, type ChunkTarget } from "./create-job";
import { matchKey } from "./normalise";
import { BODY_BUDGET_BYTES, pendingChunksOf, type PendingChunk, type PendingChunks } from "./pending";
import type { EnrichPlan } from "./enrichment-plan";
import type { SheetArea } from "./sheet-area";
import { writeResultCells, type RowUpdates } from "./write-cells";

const MAX_SHEET_IN_NAME = 120;
const TOO_MANY_WAITING = "too many rows are already waiting to be sent; enrich again once the current jobs finish";
const JOB_LIST_FULL = "this spreadsheet's list of Business Leads jobs is full of jobs in progress; enrich again once one finishes";

function chunkName(sheetName: string, index: number, count: number): string {
  const sheet = sheetName.length > MAX_SHEET_IN_NAME ? sheetName.slice(0, MAX_SHEET_IN_NAME - 1) + "…" : sheetName;
  return count > 1 ? `Enrich ${sheet} (${index + 1} of ${count})` : `Enrich ${sheet}`;
}

const keysOf = (body: CreateEnrichmentRequest): string[] => body.businesses.map((b) => matchKey(b.business_name, b.website_url));

export class EnrichmentRun {
  readonly pending: PendingChunks;
  readonly jobs: JobRecord[] = [];
  /** Rows cut because the user's store of waiting chunks is full. */
  readonly overflow: Array<{ row: number; reason: string }> = [];
  /** Keys of the businesses of chunks an earlier run left unsettled (replayed here). */
  readonly replayedKeys = new Set<string>();
  /** The first refusal that is worth waiting out (429 active-jobs limit, 5xx): later chunks wait. */
  blocked: LeadsApiError | null = null;
  /** A refusal for good (402, 403, 422, or a job list with no room): its chunk's rows say so. */
  refused: Error | null = null;
  private readonly statusByKey = new Map<string, { status: string; sentAs: string }>();
  /** Chunks whose job is recorded or that were refused: forgotten once their rows say so. */
  private settled: PendingChunk[] = [];
  private usedBytes: number | null = null;
  private readonly where: ChunkTarget;
  /** The document's unsettled chunks as the run began, read once (those with a lost body dropped). */
  unsettled: PendingChunk[];

  constructor(
    private readonly ctx: JobsContext,
    private readonly area: SheetArea,
    private readonly deadline: number,
  ) {
    this.pending = pendingChunksOf(ctx);
    this.unsettled = this.pending.all();
    this.where = { sheetId: area.sheet.getSheetId(), sheetName: area.sheet.getName(), target: area.target };
  }

  /** The sheet's name, as read once when the run began. */
  get sheetName(): string {
    return this.where.sheetName;
  }

  /** Repeats, with their own keys, the current user's chunks of this sheet that an earlier run left unsettled. */
  replayUnsettled(): void {
    for (const chunk of this.unsettled) {
      if (!this.pending.isMine(chunk) || chunk.sheetId !== this.where.sheetId) continue;
      const body = this.pending.body(chunk);
      if (body === null) {
        this.pending.delete(chunk);
        this.unsettled = this.unsettled.filter((other) => other !== chunk);
        continue;
      }
      for (const key of keysOf(body)) this.replayedKeys.add(key);
      this.dispatch(chunk, body);
    }
  }

  /** Credits the current user's chunks still to be sent will take (replayed ones excluded once created). */
  creditsPromised(): number {
    const settled = new Set(this.settled.map((chunk) => chunk.startKey));
    return this.unsettled
      .filter((chunk) => this.pending.isMine(chunk) && !settled.has(chunk.startKey))
      .reduce((sum, chunk) => sum + chunk.count, 0);
  }

  /** Stores then sends each planned chunk; once one must wait, the rest are stored to wait too. */
  sendPlanned(plan: EnrichPlan): void {
    const createdAt = new Date(this.ctx.clock.now()).toISOString();
    plan.chunks.forEach((planned, index) => {
      const body: CreateEnrichmentRequest = { name: chunkName(this.where.sheetName, index, plan.chunks.length), businesses: planned.map((b) => b.business) };
      const startKey = chunkStartKey(body);
      const head = { startKey, idempotencyKey: "", ...this.where, createdAt, index };
      const skipAll = (reason: string) => planned.forEach((business) => business.rows.forEach((row) => this.overflow.push({ row, reason })));
      try {
        // Before anything is stored or sent: a job the store then could not record would be paid for and lost.
        this.ctx.store.makeRoomForNewJob(body.name ?? "");
      } catch (error) {
        if (!(error instanceof JobStoreFullError)) throw error;
        this.refused = error;
        skipAll(JOB_LIST_FULL);
        return;
      }
      if (!this.makeRoom(this.pending.bodyBytes(body, head), plan)) {
        skipAll(TOO_MANY_WAITING);
        return;
      }
      head.idempotencyKey = chunkIdempotencyKey(this.ctx, startKey);
      this.pending.save(head, body);
      this.dispatch({ ...head, editorId: this.ctx.editorId, count: body.businesses.length }, body);
    });
  }

  /** Whether a body of `bytes` fits the user's store, after forgetting this run's settled chunks if needed. */
  private makeRoom(bytes: number, plan: EnrichPlan): boolean {
    if (this.usedBytes === null) this.usedBytes = this.pending.usedBodyBytes();
    if (this.usedBytes + bytes > BODY_BUDGET_BYTES && this.settled.length > 0) {
      this.writeRows(plan);
      this.usedBytes = this.pending.usedBodyBytes();
    }
    if (this.usedBytes + bytes > BODY_BUDGET_BYTES) return false;
    this.usedBytes += bytes;
    return true;
  }

  /** Sends a stored chunk unless an earlier one must wait; its rows' status follows the outcome. */
  private dispatch(chunk: PendingChunk, body: CreateEnrichmentRequest): void {
    const mark = (status: string) => body.businesses.forEach((b) => this.statusByKey.set(matchKey(b.business_name, b.website_url), { status, sentAs: `${b.business_name} | ${b.website_url}` }));
    if (this.blocked !== null) {
      mark(ROW_STATUS.waiting);
      return;
    }
    const outcome = sendChunk(this.ctx, body, chunk.startKey, this.where, this.deadline, chunk.idempotencyKey);
    if (outcome.kind === "created") {
      this.jobs.push(outcome.record);
      // A job already written to the end (another editor's pass got there first) keeps its rows' results.
      if (!outcome.record.settled) mark(ROW_STATUS.sent);
      this.settled.push(chunk);
    } else if (outcome.kind === "refused") {
      this.refused = outcome.error;
      this.ctx.store.deleteStart(chunk.startKey);
      mark(ROW_STATUS.failed(`could not be sent (${outcome.error.message})`));
      this.settled.push(chunk);
    } else {
      this.blocked = outcome.error;
      mark(ROW_STATUS.waiting);
    }
  }

  /**
   * ONE write of every row's status decided so far (sent, waiting, failed, skipped), then the
   * settled chunks are forgotten: only now do their rows show what happened to them.
   */
  writeRows(plan: EnrichPlan): void {
    const updates: RowUpdates = new Map();
    for (const [row, key] of plan.rowKeys) {
      const decided = this.statusByKey.get(key);
      if (!decided) continue;
      const failed = decided.status.startsWith("Failed");
      updates.set(row, new Map([[STATUS_HEADER, decided.status], [ENRICHED_FOR_HEADER, failed ? "" : decided.sentAs]]));
    }
    for (const { row, reason } of [...plan.skipped, ...this.overflow]) {
      if (reason === ALREADY_ENRICHED || reason === BEING_ENRICHED) continue;
      updates.set(row, new Map([[STATUS_HEADER, ROW_STATUS.skipped(reason)]]));
    }
    writeResultCells(this.area, updates);
    for (const chunk of this.settled) this.pending.delete(chunk);
    this.settled = [];
  }
}
