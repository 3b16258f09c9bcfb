// This file defines the arguments of startEnrichment and previewEnrichment, checked before
// anything is read or sent.
import { InvalidInputError } from "../errors/user-error";
import type { AreaArgs } from "./sheet-area";

export interface EnrichArgs extends AreaArgs {
  force: boolean;
}

function optionalText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new InvalidInputError(`${what} must be text.`);
  return value.trim() === "" ? undefined : value.trim();
}

function column(value: unknown, what: string): string | number | undefined {
  if (typeof value === "number") return value;
  return optionalText(value, what);
}

export function normaliseEnrichArgs(raw: unknown): EnrichArgs {
  if (raw !== undefined && raw !== null && (typeof raw !== "object" || Array.isArray(raw))) {
    throw new InvalidInputError("Enrichment takes its options as one object, e.g. {sheetName, rangeA1}.");
  }
  const a = (raw ?? {}) as Record<string, unknown>;
  const args: EnrichArgs = { force: a.force === true };
  const sheetName = optionalText(a.sheetName, "The sheet name");
  const rangeA1 = optionalText(a.rangeA1, "The range");
  const nameColumn = column(a.nameColumn, "The name column");
  const websiteColumn = column(a.websiteColumn, "The website column");
  if (sheetName !== undefined) args.sheetName = sheetName;
  if (rangeA1 !== undefined) args.rangeA1 = rangeA1;
  if (nameColumn !== undefined) args.nameColumn = nameColumn;
  if (websiteColumn !== undefined) args.websiteColumn = websiteColumn;
  return args;
}
