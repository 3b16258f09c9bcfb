// This file defines what "forgotten for good" means to every writer: an address whose hash the document keeps (contacts-rules.ts)
// is taken out of the service's businesses before any sheet is written from them (the passes' writers and a refresh's merge call
// withoutForgotten through their context), and out of every Contacts sync and export.
import type { Business } from "../api/schemas";
import type { KeyValueStore } from "../storage/key-value-store";
import { addressKey } from "./contacts-of";
import { readContactsRules } from "./contacts-rules";
import { sha256Hex } from "./sha256";

/** Hex digits of an address's SHA-256 the store keeps: 80 bits tell any two addresses apart. */
const FORGOTTEN_DIGITS = 20;

/** The `Do not contact` line of an address: `sha256:` and the hex SHA-256 of its trimmed lower-case text. */
export const sha256Line = (address: string): string => `sha256:${sha256Hex(addressKey(address))}`;

/** What the store keeps of an address. */
export const forgottenPrefix = (address: string): string => sha256Hex(addressKey(address)).slice(0, FORGOTTEN_DIGITS);

/** The document's forgotten addresses, as one test: no hash is computed while there are none. */
export class Forgotten {
  private readonly prefixes: ReadonlySet<string>;

  constructor(prefixes: readonly string[]) {
    this.prefixes = new Set(prefixes);
  }

  get none(): boolean {
    return this.prefixes.size === 0;
  }

  has(address: string): boolean {
    return this.prefixes.size > 0 && addressKey(address) !== "" && this.prefixes.has(forgottenPrefix(address));
  }
}

/** `list` without the forgotten addresses; the same list when none of it was. */
function keptOf(list: readonly string[] | null | undefined, forgotten: Forgotten): readonly string[] | null | undefined {
  return list?.some((address) => forgotten.has(address)) ? list.filter((address) => !forgotten.has(address)) : list;
}

/** A business without its forgotten addresses: out of its lists, its verifications and its key contacts (the rest kept). */
function withoutIn(business: Business, forgotten: Forgotten): Business {
  const checks = business.email_verifications;
  const contacts = business.key_contacts;
  // The key contacts' shape is not documented: an entry whose text names a forgotten address goes whole.
  const namesOne = (entry: unknown): boolean =>
    (JSON.stringify(entry) ?? "").match(/[^\s"',;<>()[\]{}:]+@[^\s"',;<>()[\]{}:]+/g)?.some((a) => forgotten.has(a)) ?? false;
  const kept = {
    ...business,
    emails: keptOf(business.emails, forgotten),
    owner_emails: keptOf(business.owner_emails, forgotten),
    decision_maker_emails: keptOf(business.decision_maker_emails, forgotten),
    email_verifications:
      checks && Object.keys(checks).some((address) => forgotten.has(address))
        ? Object.fromEntries(Object.entries(checks).filter(([address]) => !forgotten.has(address)))
        : checks,
    key_contacts: contacts?.some(namesOne) ? contacts.filter((entry) => !namesOne(entry)) : contacts,
  } as Business;
  return (Object.keys(kept) as Array<keyof Business>).some((field) => kept[field] !== business[field]) ? kept : business;
}

/**
 * The service's businesses as every writer must see them: each forgotten address taken out (the hook of the passes' writers and the
 * refresh merge, through JobsContext.withoutForgotten). Costs one read of the store (its snapshot), and no hash while none is forgotten.
 */
export function withoutForgotten(store: KeyValueStore, businesses: readonly Business[]): Business[] {
  return withoutAny(new Forgotten(readContactsRules(store).forgotten), businesses);
}

/** `businesses` without any of the `forgotten` addresses (the custom functions' hook, whose list is the one shared with formulas). */
export function withoutAny(forgotten: Forgotten, businesses: readonly Business[]): Business[] {
  return forgotten.none ? [...businesses] : businesses.map((business) => withoutIn(business, forgotten));
}
