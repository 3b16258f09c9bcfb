// This file defines the one rule of which verification `result` words mean an address was checked and accepts mail: the results sheets
// count their verified addresses by it (`Email status`, `Verified emails`) and Contacts' `Ready to send` says `Yes` by it.

/** The service's `result` words (any case) that mean the address was checked and accepts mail; anything else is not "verified". */
const DELIVERABLE_RESULTS = ["deliverable", "valid", "ok", "verified", "safe"];

/** Whether a verification `result` says the address accepts mail (any case, spaces around aside). */
export const isDeliverableResult = (result: string | null | undefined): boolean =>
  typeof result === "string" && DELIVERABLE_RESULTS.includes(result.trim().toLowerCase());
