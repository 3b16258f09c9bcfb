// This file defines how the kit reads an image's size: from the PNG file's own header (the
// signature, then the IHDR chunk's width and height), not from what rendered it.
import { readFileSync } from "node:fs";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (bytes.length < 24 || SIGNATURE.some((b, i) => bytes[i] !== b) || bytes.toString("latin1", 12, 16) !== "IHDR") {
    throw new Error(`${file} is not a PNG file`);
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
