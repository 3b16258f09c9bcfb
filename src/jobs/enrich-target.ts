// This file defines where an enrichment's rows are, as its job record keeps them: the header row
// and the name and website columns, so each pass finds the rows again (src/enrich reads the sheet).

export interface EnrichTarget {
  /** The 1-based row of the header row. */
  headerRow: number;
  /** The header texts of the name and website columns (found again by header) and their positions when found. */
  nameHeader: string;
  nameColumn: number;
  websiteHeader: string;
  websiteColumn: number;
}
