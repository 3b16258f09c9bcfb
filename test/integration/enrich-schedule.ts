// This file defines seeded fault schedules for enrichment runs: the sheet's size (one chunk or
// two), the account's active-jobs limit (so chunks wait for a slot), a lost or refused creation,
// and per poll pass the injected faults, a kill at any spreadsheet or fetch call, an overlapping
// pass, and a user who sorts the rows between passes. Same seed, same schedule.
import type { FaultRule } from "../../dev/simulator";
import type { KillPlan } from "../../dev/fakes/runtime";
import { seededRandom } from "./schedule";

export interface EnrichPassPlan {
  faults: FaultRule[];
  kill: KillPlan | null;
  overlap: boolean;
  advanceMs: number;
  /** Sort the sheet by this column (1-based; negative: descending) before the pass. */
  sortBy: number | null;
  failJob: boolean;
}

export interface EnrichSchedule {
  seed: number;
  rows: number;
  maxActiveJobs: number;
  /** The first creation answers 429 (the active-jobs limit) this many times. */
  creation429: number;
  loseCreationResponse: boolean;
  killStartAfterCreate: boolean;
  passes: EnrichPassPlan[];
}

const STATUS_PATH = "^/api/v1/enrichments/[0-9a-f-]+$";
const RESULTS_PATH = "^/api/v1/enrichments/[0-9a-f-]+/results";

export function makeEnrichSchedule(seed: number): EnrichSchedule {
  const random = seededRandom(seed * 7919 + 17);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const rows = pick([40, 160, 1060]);
  const failAt = random() < 0.1 ? int(1, 6) : -1;
  const passes: EnrichPassPlan[] = [];
  for (let pass = 0; pass < 80; pass += 1) {
    const faults: FaultRule[] = [];
    if (random() < 0.35) {
      const kind = pick(["429", "503", "network", "truncated", "lost-create", "429-create"] as const);
      if (kind === "429")
        faults.push({ method: "GET", pathRegex: STATUS_PATH, status: 429, headers: { "retry-after": "2" }, times: int(1, 2) });
      if (kind === "503") faults.push({ method: "GET", path: "/api/v1/enrichments/", status: 503, times: int(1, 4) });
      if (kind === "network") faults.push({ method: "GET", path: "/api/v1/enrichments/", lose: true, times: int(1, 2) });
      if (kind === "truncated") faults.push({ method: "GET", pathRegex: RESULTS_PATH, truncate: true, times: 1 });
      if (kind === "lost-create") faults.push({ method: "POST", path: "/api/v1/enrichments", lose: true, times: 1 });
      if (kind === "429-create")
        faults.push({ method: "POST", path: "/api/v1/enrichments", status: 429, headers: { "retry-after": "10" }, times: 2 });
    }
    let kill: KillPlan | null = null;
    if (random() < 0.25)
      kill = random() < 0.6 ? { spreadsheetCall: int(1, 14) } : { fetchCall: int(1, 3), fetchPhase: pick(["before", "after"] as const) };
    const sortBy = random() < 0.2 ? pick([1, 2, 3, 4]) * (random() < 0.5 ? -1 : 1) : null;
    passes.push({ faults, kill, overlap: random() < 0.15, advanceMs: int(3000, 20000), sortBy, failJob: pass === failAt });
  }
  return {
    seed,
    rows,
    maxActiveJobs: pick([1, 2, 25]),
    creation429: random() < 0.2 ? int(1, 2) : 0,
    loseCreationResponse: random() < 0.3,
    killStartAfterCreate: random() < 0.2,
    passes,
  };
}
