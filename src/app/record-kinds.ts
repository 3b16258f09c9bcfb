// This file gathers each record kind's stored schema from its own folder, for the job store: every place that opens a document's store
// hands it these, so a record of any kind reads back (and a kind added is one more entry, which the type asks for).
import type { StoredKinds } from "../jobs/job-record";
import { STORED_ENRICHMENT_RECORD } from "../enrich/run/enrichment-record";
import { STORED_SEARCH_RECORD } from "../search/search-record";
import { STORED_TERRITORY_RECORD } from "../territory/territory-record";

export const RECORD_KINDS: StoredKinds = {
  search: STORED_SEARCH_RECORD,
  enrichment: STORED_ENRICHMENT_RECORD,
  territory: STORED_TERRITORY_RECORD,
};
