// This file builds the custom functions' context from Apps Script's services. Custom functions run anonymously (no user properties),
// so the key is only the copy an editor shared with this document's formulas, and the client's retries end inside the 30 s limit.
import { CellCache } from "../functions/cell-cache";
import type { FormulaContext } from "../functions/formula-context";
import { partsOf, type TrackedJob } from "../jobs/kind-parts";
import { fingerprint } from "../jobs/job-store";
import { UserFacingError, withUserErrors } from "../errors/user-error";
import { clientFor, currentJobStore } from "./jobs-context";
import { readSharedForgotten } from "../contacts/contacts-rules";
import { Forgotten, withoutAny } from "../contacts/forgotten";
import { documentProperties } from "../gas/property-snapshot";
import { documentCache } from "../gas/document-cache";
import { appsScriptClock } from "../gas/utilities";
import { readServiceSettings, type ServiceSettings } from "../gas/settings";
import { bestEffort } from "../errors/best-effort";

/** A custom function may run 30 s; its requests and waits must be over well before. */
const FORMULA_BUDGET_MS = 20 * 1000;

const FORMULAS_NOT_SHARED =
  "Formulas in this document cannot use Business Leads yet: open Extensions > Business Leads > Open Business Leads, " +
  'click Settings and tick "Share my key with formulas in this document".';

/** The settings an editor shared with this document's formulas, or null where none are. */
const sharedSettings = (): ServiceSettings | null => bestEffort(() => readServiceSettings("formulas"));

const sharedKey = (): string | null => sharedSettings()?.apiKey ?? null;

function formulaContext(): FormulaContext {
  const deadline = appsScriptClock.now() + FORMULA_BUDGET_MS;
  const settings = sharedSettings();
  if (!settings) throw new UserFacingError(FORMULAS_NOT_SHARED);
  const client = clientFor(settings, deadline, undefined, { maxAttempts: 3, maxDelayMs: 4000, maxRetryAfterMs: 10 * 1000 });
  let tracked: Map<string, TrackedJob> | null = null;
  // The list forgetContact shares with formulas (document properties, which a custom function may read in either build); where Google
  // gives none, nothing can be shown safely.
  const properties = documentProperties();
  if (!properties) throw new UserFacingError(FORMULAS_NOT_SHARED);
  const prefixes = readSharedForgotten(properties);
  const forgotten = new Forgotten(prefixes);
  return {
    client,
    // Namespaced by a hash of the address and key: never the key itself, never another key's answers.
    cache: new CellCache(documentCache(), fingerprint(`${settings.baseUrl}\n${settings.apiKey}`)),
    clock: appsScriptClock,
    deadline,
    trackedJob(jobId) {
      tracked ??= trackedJobs();
      return tracked.get(jobId) ?? null;
    },
    withoutForgotten: (businesses) => withoutAny(forgotten, businesses),
    forgottenMark: String(prefixes.length),
  };
}

/**
 * What the document's job store knows of its jobs, or nothing where a custom function may not
 * read it. Google does not say whether a custom function may list developer metadata (the full
 * build's store); the answer needs no job record (it only saves asking both job families and
 * keeps a finished job's answers cached longer), so a refusal costs a request, never the answer.
 */
function trackedJobs(): Map<string, TrackedJob> {
  try {
    const records = currentJobStore().all();
    return new Map(records.flatMap((record) => partsOf(record).serviceJobs(record)));
  } catch {
    return new Map();
  }
}

/** Runs a custom function: its failure becomes one readable sentence in the cell's error. */
export function runFormula<T>(call: (ctx: FormulaContext) => T): T {
  return withUserErrors(() => call(formulaContext()), sharedKey);
}
