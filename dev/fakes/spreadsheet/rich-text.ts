// Defines rich text values (text with link runs) and SpreadsheetApp.newRichTextValue()'s builder.

/** One stretch of text sharing a link; indexes are UTF-16 offsets, end exclusive. */
export interface LinkRun {
  start: number;
  end: number;
  linkUrl: string | null;
}

/** Stored form of a rich text cell value. */
export interface RichText {
  text: string;
  runs: LinkRun[];
}

/** Merges adjacent runs with the same link and drops empty ones. */
function normaliseRuns(text: string, runs: LinkRun[]): LinkRun[] {
  const links: (string | null)[] = Array.from({ length: text.length }, () => null);
  for (const run of runs) for (let i = run.start; i < run.end && i < text.length; i++) links[i] = run.linkUrl;
  const out: LinkRun[] = [];
  links.forEach((link, i) => {
    const last = out[out.length - 1];
    if (last && last.linkUrl === link) last.end = i + 1;
    else out.push({ start: i, end: i + 1, linkUrl: link });
  });
  return out;
}

export class FakeRichTextValue {
  constructor(
    private readonly richText: RichText,
    private readonly startIndex = 0,
    private readonly endIndex = richText.text.length,
  ) {}

  /** The stored form (a copy). */
  toStored(): RichText {
    return { text: this.richText.text, runs: this.richText.runs.map((r) => ({ ...r })) };
  }

  getText(): string {
    return this.richText.text.slice(this.startIndex, this.endIndex);
  }

  getStartIndex(): number {
    return this.startIndex;
  }

  getEndIndex(): number {
    return this.endIndex;
  }

  /** The link of the whole text (or of [start, end)), or null when it has none or several. */
  getLinkUrl(startOffset?: number, endOffset?: number): string | null {
    const start = this.startIndex + (startOffset ?? 0);
    const end = endOffset === undefined ? this.endIndex : this.startIndex + endOffset;
    const covering = this.richText.runs.filter((r) => r.start < end && r.end > start);
    if (covering.length === 0) return null;
    const first = covering[0]?.linkUrl ?? null;
    return covering.every((r) => r.linkUrl === first) ? first : null;
  }

  getRuns(): FakeRichTextValue[] {
    return this.richText.runs
      .filter((r) => r.start >= this.startIndex && r.end <= this.endIndex)
      .map((r) => new FakeRichTextValue(this.richText, r.start, r.end));
  }

  copy(): FakeRichTextValueBuilder {
    return new FakeRichTextValueBuilder(
      this.getText(),
      this.getRuns().map((r) => ({
        start: r.getStartIndex() - this.startIndex,
        end: r.getEndIndex() - this.startIndex,
        linkUrl: r.getLinkUrl(),
      })),
    );
  }
}

export class FakeRichTextValueBuilder {
  constructor(
    private text = "",
    private runs: LinkRun[] = [],
  ) {}

  setText(text: string): FakeRichTextValueBuilder {
    this.text = String(text);
    this.runs = [];
    return this;
  }

  /** setLinkUrl(url) links the whole text; setLinkUrl(start, end, url) a part of it. */
  setLinkUrl(...args: [string | null] | [number, number, string | null]): FakeRichTextValueBuilder {
    if (args.length === 1) this.runs.push({ start: 0, end: this.text.length, linkUrl: args[0] });
    else this.runs.push({ start: args[0], end: args[1], linkUrl: args[2] });
    return this;
  }

  /** Text styles are accepted and ignored: the fake keeps links only. */
  setTextStyle(..._args: unknown[]): FakeRichTextValueBuilder {
    return this;
  }

  build(): FakeRichTextValue {
    return new FakeRichTextValue({ text: this.text, runs: normaliseRuns(this.text, this.runs) });
  }
}

/** The rich text of a plain text cell: one run without a link. */
export function plainRichText(text: string): RichText {
  return { text, runs: normaliseRuns(text, []) };
}
