// This file defines the document's Contacts rules, kept in its job store so every editor has the same ones: the countries where
// cold email to a business needs prior consent (setConsentCountries; ["DE"] until a team sets its own), and the addresses forgotten
// for good (forgetContact), each kept only as a prefix of its SHA-256, never as the address (in document properties too, for formulas).
import * as z from "zod/mini";
import { UserFacingError } from "../errors/user-error";
import type { KeyValueStore } from "../storage/key-value-store";
import { KEYS } from "../storage/keys";
import { currentShape, readStored, storedText } from "../storage/stored-json";

export interface ContactsRules {
  /** Two-letter codes, upper case, where cold email to a business needs prior consent. */
  consent: string[];
  /** FORGOTTEN_DIGITS hex digits of each forgotten address's SHA-256 (forgotten.ts). */
  forgotten: string[];
}

/** Before a team sets its own list: Germany (UWG §7 asks for prior consent even between businesses). */
const DEFAULT_CONSENT_COUNTRIES: readonly string[] = ["DE"];

/**
 * Forgotten addresses a document keeps: each costs 21 characters of the job store, whose budget is 24,000 characters in the
 * full build (one developer metadata entry). A team past it is told so, and nothing is half-done.
 */
const MAX_FORGOTTEN = 200;

const RULES_SHAPE = {
  ...currentShape(z.lazy(() => z.object({ consent: z.optional(z.array(z.string())), forgotten: z.optional(z.array(z.string())) }))),
  versioned: true,
} as const;

/** The rules as stored; a document that never set them (or whose record is damaged) has the defaults. */
export function readContactsRules(store: KeyValueStore): ContactsRules {
  const stored = readStored(RULES_SHAPE, store.getProperty(KEYS.contactsRules));
  return { consent: stored?.consent ?? [...DEFAULT_CONSENT_COUNTRIES], forgotten: stored?.forgotten ?? [] };
}

function saveRules(store: KeyValueStore, rules: ContactsRules): void {
  store.setProperty(KEYS.contactsRules, storedText(RULES_SHAPE, rules));
}

/** Stores the consent countries (upper case, once each, in the order given); returns them as stored. */
export function saveConsentCountries(store: KeyValueStore, countries: readonly string[]): string[] {
  const consent = countries.map((code) => code.trim().toUpperCase()).filter((code, i, all) => code !== "" && all.indexOf(code) === i);
  saveRules(store, { ...readContactsRules(store), consent });
  return consent;
}

/**
 * The forgotten prefixes as formulas read them: in document properties, which a custom function may read in either build (the full
 * build's job store is developer metadata, which Google does not say a custom function may list).
 */
const SHARED_FORGOTTEN_SHAPE = currentShape(z.lazy(() => z.array(z.string())));

/** The forgotten prefixes shared with formulas (none where nothing was forgotten). */
export function readSharedForgotten(shared: KeyValueStore): string[] {
  return readStored(SHARED_FORGOTTEN_SHAPE, shared.getProperty(KEYS.sharedForgotten)) ?? [];
}

/**
 * Adds a forgotten address's hash prefix (once); false when it was there already. `shared` (document properties) gets it first:
 * should the store's write fail after, formulas leave out one address more, never one less.
 */
export function addForgotten(store: KeyValueStore, shared: KeyValueStore, prefix: string): boolean {
  const rules = readContactsRules(store);
  const sharedNow = readSharedForgotten(shared);
  const stored = rules.forgotten.includes(prefix);
  if (stored && sharedNow.includes(prefix)) return false;
  if (!stored && rules.forgotten.length >= MAX_FORGOTTEN)
    throw new UserFacingError(
      `This document already keeps ${MAX_FORGOTTEN} forgotten addresses, as many as it can: nothing was changed. Keep this address out ` +
        "with a line in the Do not contact sheet instead.",
    );
  const forgotten = stored ? rules.forgotten : [...rules.forgotten, prefix];
  shared.setProperty(KEYS.sharedForgotten, storedText(SHARED_FORGOTTEN_SHAPE, [...new Set([...sharedNow, ...forgotten])]));
  if (!stored) saveRules(store, { ...rules, forgotten });
  return true;
}
