// This file defines the errors written for the person using the add-on, and how a failure reaches
// them: an Error whose message a sales person can act on, never a stack trace, a raw body or the
// API key. Every layer may throw these, so they live below all of them.
import { redact } from "../rules/redaction";
import { dailyLimitSentence } from "../rules/platform-limits";
import { bestEffort } from "./best-effort";

/**
 * An error whose message is already written for the person using the add-on. Every such error
 * extends this class, and a failure is recognised as one by `instanceof`: anything else reaching
 * the user is a defect, said so plainly (withUserErrors).
 */
export class UserFacingError extends Error {
  /**
   * Which of its class's refusals this is, where a class has several: data a caller or a test checks, never the words.
   * A subclass narrows it to its own kinds; withUserErrors carries it on.
   */
  readonly code: string | null = null;

  constructor(message: string) {
    super(message);
    this.name = "UserFacingError";
  }
}

/** What an action that needs the open spreadsheet says when there is none. */
export const NO_DOCUMENT_MESSAGE = "Business Leads works inside a spreadsheet: open one and use Extensions > Business Leads.";

/** The user's input cannot be used as it is; the message says what to change. */
export class InvalidInputError extends UserFacingError {
  constructor(message: string) {
    super(message);
    this.name = "InvalidInputError";
  }
}

/** The message of whatever was thrown (an Error, an Apps Script exception, or anything else). */
export function messageOf(error: unknown): string {
  return typeof error === "object" && error !== null && "message" in error
    ? String((error as { message: unknown }).message)
    : String(error);
}

/**
 * Apps Script's daily quotas, by the wording Google documents ("Service invoked too many times for
 * one day: <service>." and "Service using too much computer time for one day"), in plain words.
 * Quotas are per user and "reset 24 hours after the first request": when that was, the script
 * cannot learn, so the sentence says "within 24 hours". Null for any other failure.
 */
export function dailyQuotaMessage(raw: string): string | null {
  const service = /Service invoked too many times for one day:\s*([A-Za-z]+)/i.exec(raw)?.[1]?.toLowerCase();
  if (service !== undefined) return dailyLimitSentence(service);
  if (/Service using too much computer time for one day/i.test(raw)) return dailyLimitSentence("runtime");
  return null;
}

/**
 * What a sidebar call throws: the sentence for the person, and the refusal's code where it has one (google.script.run is documented
 * to carry only the message: docs/assumptions.md; the sidebar reads only that).
 */
class SaidToUser extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** `failure` said in other words (`message`), its code kept: a UserFacingError's own, or the one a sidebar call's failure carries. */
export function restated(failure: unknown, message: string): Error {
  const code = failure instanceof UserFacingError || failure instanceof SaidToUser ? failure.code : null;
  return new SaidToUser(message, code);
}

/** Runs a sidebar call; rethrows any failure as an Error with a readable message (and its code, when it has one). */
export function withUserErrors<T>(call: () => T, secret?: () => string | null): T {
  try {
    return call();
  } catch (error) {
    const raw = messageOf(error);
    const name = typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : "";
    // Our own errors are written for the user; anything else is a defect, said so plainly.
    const message =
      error instanceof UserFacingError
        ? raw.trim()
        : (dailyQuotaMessage(raw) ??
          `Business Leads hit an unexpected problem (${raw.trim() || name}). Try again; if it persists, tell your admin.`);
    throw new SaidToUser(redact(message, secret ? bestEffort(secret) : null), error instanceof UserFacingError ? error.code : null);
  }
}
