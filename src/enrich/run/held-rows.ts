// This file defines the rows held for another editor's chunk: that chunk's body is in its sender's user properties, so nobody else can
// repeat it. Its rows say "Waiting: held …" and are not sent until it is settled or its head expires (pending.ts), so none is paid twice.
import { chunkStartKey } from "./create-job";
import type { ListRows } from "../list/list-rows";
import type { PendingChunk } from "./pending";
import { isHeld, rowStateCode, rowStatusWords, type RowStatus } from "../list/row-status";
import { ROW_STATE_HEADER, STATUS_HEADER } from "../../sheets/columns";
import { nextWaiting, type RowBusiness } from "../list/waiting-rows";
import { writeResultCells, type RowUpdates } from "../write-back/write-cells";

/**
 * The waiting rows of another editor's chunk, found again: the chunk was made of the first waiting
 * businesses in sheet order, so those, as a body with the chunk's name, must make the chunk's own
 * fingerprint (its start key). Null when they do not (the rows were sorted or edited since).
 */
function rowsOfChunk(list: ListRows, chunk: PendingChunk): RowBusiness[] | null {
  const { businesses } = nextWaiting(list, chunk.count);
  const sent = businesses.map((b) => b.business);
  const body = chunk.name === null ? { businesses: sent } : { name: chunk.name, businesses: sent };
  return businesses.length === chunk.count && chunkStartKey(body) === chunk.startKey ? businesses : null;
}

/** Writes `status` into these rows' status cells only (its words and its code). */
function setStatus(list: ListRows, rows: readonly number[], status: RowStatus): number {
  const updates: RowUpdates = new Map(
    rows.map((row) => [
      row,
      new Map([
        [STATUS_HEADER, rowStatusWords(status)],
        [ROW_STATE_HEADER, rowStateCode(status)],
      ]),
    ]),
  );
  writeResultCells(list.area(), updates);
  return updates.size;
}

/**
 * Holds the rows of another editor's stored chunk of the run: those found again (rowsOfChunk),
 * else, when the sheet no longer says which they are, every waiting row. Returns how many.
 */
export function holdRowsOf(list: ListRows, chunk: PendingChunk): number {
  const rows = rowsOfChunk(list, chunk) ?? nextWaiting(list, Number.POSITIVE_INFINITY).businesses;
  return setStatus(
    list,
    rows.flatMap((b) => b.rows),
    { kind: "held" },
  );
}

/** Once no other editor's chunk of the run is stored any more, its held rows wait again (to be sent). Returns how many. */
export function releaseHeldRows(list: ListRows): number {
  return setStatus(
    list,
    list.withStatus(isHeld).map((entry) => entry.row),
    { kind: "waiting" },
  );
}
