// This file defines the Blob fake shared by UrlFetchApp and Utilities, and the conversion to
// Apps Script's byte arrays, which are Java bytes: signed, -128..127.

export function toSignedBytes(buffer: Buffer): number[] {
  return Array.from(buffer, (b) => (b > 127 ? b - 256 : b));
}

/** Bytes from what scripts pass as data: a string (UTF-8), a Byte[] (signed or not) or a Blob. */
export function bytesOf(data: unknown): Buffer | undefined {
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (Array.isArray(data) && data.every((b) => typeof b === "number")) return Buffer.from(data.map((b: number) => b & 0xff));
  if (data instanceof FakeBlob) return Buffer.from(data.bytes);
  return undefined;
}

export class FakeBlob {
  constructor(
    public bytes: Buffer,
    private contentType: string | null = null,
    private name: string | null = null,
  ) {}

  getBytes(): number[] {
    return toSignedBytes(this.bytes);
  }
  getDataAsString(charset?: string): string {
    return this.bytes.toString(charset !== undefined && /^(us-)?ascii$/i.test(charset) ? "ascii" : "utf8");
  }
  getContentType(): string | null {
    return this.contentType;
  }
  setContentType(contentType: string): this {
    this.contentType = contentType;
    return this;
  }
  getName(): string | null {
    return this.name;
  }
  setName(name: string): this {
    this.name = name;
    return this;
  }
  setDataFromString(text: string): this {
    this.bytes = Buffer.from(text, "utf8");
    return this;
  }
  copyBlob(): FakeBlob {
    return new FakeBlob(Buffer.from(this.bytes), this.contentType, this.name);
  }
  isGoogleType(): boolean {
    return false;
  }
  getAs(contentType: string): FakeBlob {
    return new FakeBlob(Buffer.from(this.bytes), contentType, this.name);
  }
}
