// This file defines the contacts the document's businesses give (contract, "Contacts"): one per
// address compared without case after trimming, its columns from the first business holding it in
// the document's sheet order then row order, every sheet it is in and where each found it. Plain code: no sheet here.
import { CONTACT_ROLES, type ContactHeader, type ContactRole } from "./contact-columns";
import { addressType } from "./address-type";
import type { SourceBusiness } from "./source-business";
import { websiteDomain } from "../rules/website-key";

/** One sheet's businesses, its name as the document shows it. */
export interface SourceSheet {
  name: string;
  businesses: readonly SourceBusiness[];
}

/** The columns a sync decides otherwise than from one business: where and when it was found, readiness, exports. */
type SyncedHeader = "Ready to send" | "Found in" | "Source" | "First found" | "Last found" | "Exported";

/** The columns a contact takes from its business (and its own address: `Address type`). */
export type ContactCells = Record<Exclude<ContactHeader, SyncedHeader>, string>;

export interface ContactFound {
  /** The address as found, trimmed. */
  email: string;
  cells: ContactCells;
  /** The sheets holding the address, in the order given (the document's). */
  foundIn: string[];
  /** Where each sheet of `foundIn` found it (its first business there): a search's query and place, a list's name. */
  sources: string[];
  /** Every business holding it is closed for good (`business_status` CLOSED_PERMANENTLY): a shared inbox of one open branch is not. */
  closed: boolean;
}

/** How two addresses compare: trimmed, without case. */
export const addressKey = (address: string): string => address.trim().toLowerCase();

/** Each address's first place among `texts` (a column's cells, numbered from `top`), by `keyOf`; empty keys left out. */
export function firstPlaces(texts: readonly string[], top: number, keyOf = addressKey): Map<string, number> {
  const places = new Map<string, number>();
  texts.forEach((text, index) => {
    const key = keyOf(text);
    if (key !== "" && !places.has(key)) places.set(key, top + index);
  });
  return places;
}

/** `Name` split: the last word is the last name, the words before it the first name. */
export function splitName(name: string): { first: string; last: string } {
  const words = name.split(/\s+/).filter((word) => word !== "");
  return { first: words.slice(0, -1).join(" "), last: words[words.length - 1] ?? "" };
}

const has = (list: readonly string[], key: string): boolean => list.some((address) => addressKey(address) === key);

/** The address's role, with its names in the business. */
function roleOf(business: SourceBusiness, key: string): [ContactRole, readonly string[]] {
  if (has(business.ownerEmails, key)) return [CONTACT_ROLES.owner, business.ownerNames];
  return has(business.decisionMakerEmails, key) ? [CONTACT_ROLES.decisionMaker, business.decisionMakerNames] : [CONTACT_ROLES.general, []];
}

function cellsOf(business: SourceBusiness, email: string): ContactCells {
  const key = addressKey(email);
  const [role, names] = roleOf(business, key);
  // The one name of the address's role (its business's single owner or decision maker), else "".
  const name = names.length === 1 ? (names[0] ?? "") : "";
  const { first, last } = splitName(name);
  return {
    Email: email,
    Role: role,
    Name: name,
    "First name": first,
    "Last name": last,
    Company: business.company,
    Domain: websiteDomain(business.website),
    Website: business.website,
    Phone: business.phone,
    City: business.city,
    "Country code": business.countryCode,
    "Email check": business.checks.get(key) ?? "",
    "Business ID": business.businessId,
    "Maps URL": business.mapsUrl,
    "Address type": addressType(email),
  };
}

/** A business's addresses, once each, in the order its cells list them. */
function addressesOf(business: SourceBusiness): string[] {
  const all = [...business.emails, ...business.ownerEmails, ...business.decisionMakerEmails];
  const first = firstPlaces(all, 0);
  return all.filter((address, index) => first.get(addressKey(address)) === index);
}

/**
 * Every address of `sheets` (in the document's sheet order), once, by its key; none that `forgotten` holds (an address forgotten for
 * good is never written again, also when a sheet still holds it).
 */
export function contactsOf(
  sheets: readonly SourceSheet[],
  forgotten: (address: string) => boolean = () => false,
): Map<string, ContactFound> {
  const contacts = new Map<string, ContactFound>();
  for (const sheet of sheets) {
    for (const business of sheet.businesses) {
      const closed = business.businessStatus.toUpperCase() === "CLOSED_PERMANENTLY";
      for (const email of addressesOf(business)) {
        const key = addressKey(email);
        const known = contacts.get(key);
        if (known) {
          known.closed &&= closed;
          if (!known.foundIn.includes(sheet.name)) {
            known.foundIn.push(sheet.name);
            known.sources.push(business.source);
          }
        } else if (!forgotten(email))
          contacts.set(key, { email, cells: cellsOf(business, email), foundIn: [sheet.name], sources: [business.source], closed });
      }
    }
  }
  return contacts;
}
