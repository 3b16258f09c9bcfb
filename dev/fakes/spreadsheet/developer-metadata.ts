// Defines the spreadsheet-level developer metadata of the fake: Spreadsheet.addDeveloperMetadata,
// getDeveloperMetadata and createDeveloperMetadataFinder, and the DeveloperMetadata class. Only the
// spreadsheet location is modelled (the add-on keeps nothing on rows, columns or sheets).
// Limit: Google's metadata guide allows 30,000 characters of metadata per location (the spreadsheet,
// each sheet); counted here as key + value characters of every entry at the spreadsheet (an
// assumption: the guide does not say what exactly is counted). The error wording is a guess.
import type { DocModel } from "./document";

export const METADATA_CHARS_PER_LOCATION = 30_000;
export const DeveloperMetadataVisibility = { DOCUMENT: "DOCUMENT", PROJECT: "PROJECT" } as const;
type Visibility = keyof typeof DeveloperMetadataVisibility;

export interface MetadataEntry {
  id: number;
  key: string;
  value: string | null;
  visibility: Visibility;
}

const entryChars = (e: { key: string; value: string | null }): number => e.key.length + (e.value?.length ?? 0);

function visibilityOf(value: unknown): Visibility | undefined {
  const text = String(value);
  return text === "DOCUMENT" || text === "PROJECT" ? text : undefined;
}

export class FakeDeveloperMetadata {
  constructor(
    private readonly doc: DocModel,
    /** The entry's id: each call finds the entry as its execution sees it (document.ts). */
    private readonly entryId: number,
  ) {}

  private live(method: string, kind: "read" | "write", args?: readonly unknown[]): MetadataEntry {
    const replay = args === undefined ? undefined : () => void Reflect.apply(Reflect.get(this, method) as () => unknown, this, args);
    this.doc.call(kind, `DeveloperMetadata.${method}`, 0, replay);
    const entry = this.doc.metadata.find((e) => e.id === this.entryId);
    if (entry === undefined) throw this.doc.error("The developer metadata has been removed.");
    return entry;
  }

  getId(): number {
    return this.live("getId", "read").id;
  }
  getKey(): string {
    return this.live("getKey", "read").key;
  }
  getValue(): string | null {
    return this.live("getValue", "read").value;
  }
  getVisibility(): string {
    return this.live("getVisibility", "read").visibility;
  }
  setValue(value: string): FakeDeveloperMetadata {
    const entry = this.live("setValue", "write", [value]);
    const next = String(value);
    checkRoom(this.doc, entryChars({ key: entry.key, value: next }) - entryChars(entry));
    entry.value = next;
    return this;
  }
  remove(): void {
    const entry = this.live("remove", "write", []);
    this.doc.metadata.splice(this.doc.metadata.indexOf(entry), 1);
  }
}

function checkRoom(doc: DocModel, extraChars: number): void {
  const used = doc.metadata.reduce((sum, e) => sum + entryChars(e), 0);
  if (used + extraChars > METADATA_CHARS_PER_LOCATION) {
    throw doc.error(`Developer metadata at this location would exceed the limit of ${METADATA_CHARS_PER_LOCATION} characters.`);
  }
}

/** addDeveloperMetadata(key), (key, visibility), (key, value), (key, value, visibility); `id`: a replayed entry's own. */
export function addDeveloperMetadata(doc: DocModel, args: unknown[], id?: number): void {
  let made: number | undefined;
  doc.call("write", "Spreadsheet.addDeveloperMetadata", 0, () => addDeveloperMetadata(doc, args, made));
  const [key, second, third] = args;
  if (typeof key !== "string" || key === "") throw doc.error("Invalid argument: key");
  const secondIsVisibility = args.length === 2 && visibilityOf(second) !== undefined;
  const value = secondIsVisibility || second === undefined || second === null ? null : String(second);
  const visibility = (secondIsVisibility ? visibilityOf(second) : third === undefined ? "DOCUMENT" : visibilityOf(third)) ?? undefined;
  if (visibility === undefined) throw doc.error("Invalid argument: visibility");
  const entry: MetadataEntry = { id: id ?? doc.nextMetadataId(), key, value, visibility };
  checkRoom(doc, entryChars(entry));
  doc.metadata.push(entry);
  made = entry.id;
}

export function getDeveloperMetadata(doc: DocModel): FakeDeveloperMetadata[] {
  doc.call("read", "Spreadsheet.getDeveloperMetadata");
  return doc.metadata.map((e) => new FakeDeveloperMetadata(doc, e.id));
}

/** The finder's filters the fake supports: by key, by id, by visibility. */
export class FakeDeveloperMetadataFinder {
  private key: string | undefined;
  private id: number | undefined;
  private visibility: Visibility | undefined;

  constructor(private readonly doc: DocModel) {}

  withKey(key: string): this {
    this.key = String(key);
    return this;
  }
  withId(id: number): this {
    this.id = Number(id);
    return this;
  }
  withVisibility(visibility: unknown): this {
    this.visibility = visibilityOf(visibility);
    return this;
  }
  find(): FakeDeveloperMetadata[] {
    this.doc.call("read", "DeveloperMetadataFinder.find");
    return this.doc.metadata
      .filter((e) => (this.key === undefined || e.key === this.key) && (this.id === undefined || e.id === this.id))
      .filter((e) => this.visibility === undefined || e.visibility === this.visibility)
      .map((e) => new FakeDeveloperMetadata(this.doc, e.id));
  }
}
