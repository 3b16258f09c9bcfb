// This file defines the one reading of a job's results pages: a first round trip (or the pages a
// caller already read in its own), optionally every page their `total` announces in one more, then
// page by page until a page says has_more is false, since a running job can grow while it is read.
import type { LeadsClient } from "./client";
import { pagesAfter } from "./pagination";
import type { Business, ResultsPage } from "./schemas";
import type { JobKind } from "../rules/job-kinds";

/** The largest results page the service serves: the fewest requests for a job. */
export const RESULTS_PAGE_SIZE = 500;

interface ReadResultPagesOptions {
  /** Epoch ms no retry wait may end after (with the client's own deadline, the earlier applies). */
  deadline?: number;
  /** Pages of the job already read, in order: reading goes on after the last of them. */
  read?: readonly ResultsPage[];
  /** Without `read`: the first round trip asks for pages 1 to this, together (default 1). */
  firstPages?: number;
  /** After the first pages, ask for every page their `total` announces in ONE round trip before going page by page. */
  restAtOnce?: boolean;
  /** Default RESULTS_PAGE_SIZE. */
  pageSize?: number;
  /** Asked before every round trip of this reading: false stops it there (the caller's time rule). It may throw. */
  beforeRoundTrip?: () => boolean;
  /** Told after every round trip of this reading, e.g. to time the next one. */
  afterRoundTrip?: () => void;
}

type ResultPagesRead =
  /** Every page up to the one whose has_more is false. */
  | { complete: true; pages: ResultsPage[] }
  /** Stopped before the end by a page's error, or by `beforeRoundTrip` (error null); `pages` were read. */
  | { complete: false; pages: ResultsPage[]; error: Error | null };

/**
 * Reads a job's results pages (see ReadResultPagesOptions for the round trips). Never throws for a
 * request's failure: the result says where reading stopped and why.
 */
export function readResultPages(client: LeadsClient, kind: JobKind, jobId: string, options: ReadResultPagesOptions = {}): ResultPagesRead {
  const pageSize = options.pageSize ?? RESULTS_PAGE_SIZE;
  const requestOptions = { deadline: options.deadline };
  const pages: ResultsPage[] = options.read ? [...options.read] : [];
  const stopped = (error: Error | null): ResultPagesRead => ({ complete: false, pages, error });
  const mayGoOn = () => options.beforeRoundTrip?.() ?? true;
  /** One round trip for these pages, if the caller's rule lets it go: where reading stopped, else null. */
  const batch = (numbers: number[]): ResultPagesRead | null => {
    if (!mayGoOn()) return stopped(null);
    const outcomes = client.batch(
      numbers.map((page) => client.prepare.getResults(kind, jobId, { page, pageSize })),
      requestOptions,
    );
    options.afterRoundTrip?.();
    for (const outcome of outcomes) {
      if (!outcome.ok) return stopped(outcome.error);
      pages.push(outcome.value);
    }
    return null;
  };
  /** The last page read, while it says more pages follow it. */
  const moreAfter = (): ResultsPage | undefined => {
    const last = pages[pages.length - 1];
    return last?.has_more && last.items.length > 0 ? last : undefined;
  };

  const first = options.read ? null : batch(Array.from({ length: options.firstPages ?? 1 }, (_, i) => i + 1));
  if (first) return first;
  const announced = options.restAtOnce ? moreAfter() : undefined;
  const rest = announced ? batch(pagesAfter(announced.total, pageSize, announced.page)) : null;
  if (rest) return rest;
  for (let last = moreAfter(); last !== undefined; last = moreAfter()) {
    if (!mayGoOn()) return stopped(null);
    try {
      pages.push(client.getResults(kind, jobId, { page: last.page + 1, pageSize }, requestOptions));
    } catch (error) {
      return stopped(error as Error);
    } finally {
      options.afterRoundTrip?.();
    }
  }
  return { complete: true, pages };
}

/** Each business of the pages once, with its latest data: pages shift while a job runs. */
export function distinctBusinesses(pages: readonly ResultsPage[]): Business[] {
  return [...latestById(pages.flatMap((page) => page.items)).values()];
}

/** The businesses by id, the last occurrence of an id winning (pages shift while a job runs). */
export function latestById(businesses: readonly Business[]): Map<string, Business> {
  const latest = new Map<string, Business>();
  for (const business of businesses) latest.set(business.id, business);
  return latest;
}
