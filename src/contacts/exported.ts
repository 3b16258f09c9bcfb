// This file defines the `Exported` column's words and their one reader: each tool an address went out to in a file and the day
// (`HubSpot 2026-12-06; Mail merge 2026-12-07`), so `include: "new"` knows what a tool already has; parts a person typed stay.
import { EXPORT_FORMAT, EXPORT_FORMATS, type ExportFormatId } from "./export-formats";

const SEPARATOR = "; ";
const PART = /^(.*\S)\s+(\d{4}-\d{2}-\d{2})$/;

/** One part of the cell: a tool the add-on names, with its day; or text of a person's, kept as it is. */
type ExportedPart = { format: ExportFormatId; day: string } | { text: string };

function formatNamed(label: string): ExportFormatId | null {
  return EXPORT_FORMATS.find((id) => EXPORT_FORMAT[id].exported.toLowerCase() === label.toLowerCase()) ?? null;
}

/** The one reader of an `Exported` cell. */
function readExported(cell: string): ExportedPart[] {
  return cell
    .split(SEPARATOR.trim())
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part): ExportedPart => {
      const match = PART.exec(part);
      const format = match ? formatNamed(match[1] ?? "") : null;
      return format ? { format, day: match?.[2] ?? "" } : { text: part };
    });
}

/** Whether the cell says the address went out to `format`'s tool. */
export const exportedTo = (cell: string, format: ExportFormatId): boolean =>
  readExported(cell).some((part) => "format" in part && part.format === format);

/** The cell once the address went out to `format`'s tool on `day`: that tool's day replaced, or the tool added at the end. */
export function withExport(cell: string, format: ExportFormatId, day: string): string {
  const parts = readExported(cell);
  const at = parts.findIndex((part) => "format" in part && part.format === format);
  const mine: ExportedPart = { format, day };
  const next = at < 0 ? [...parts, mine] : parts.map((part, i) => (i === at ? mine : part));
  return next.map((part) => ("format" in part ? `${EXPORT_FORMAT[part.format].exported} ${part.day}` : part.text)).join(SEPARATOR);
}
