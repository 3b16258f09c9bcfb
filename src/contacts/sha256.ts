// This file defines SHA-256 (FIPS 180-4) of a text's UTF-8 bytes, in plain code: a forgotten address is kept only as its hash
// (`sha256:` lines of `Do not contact`, the store's list), and every address a sync, an export or a pass meets may be compared with
// them, thousands at a time, without a call to Apps Script's Utilities for each.

// FIPS 180-4's constants computed, not listed: the first 32 bits of the fractional parts of the square roots (initial hash) and
// cube roots (round constants) of the first 8 and 64 primes. A double keeps 18 bits beyond those 32, so each comes out exact.
const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 64; n += 1) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);
const fraction32 = (root: number): number => ((root - Math.floor(root)) * 2 ** 32) >>> 0;
const K = PRIMES.map((p) => fraction32(Math.cbrt(p)));
const H0 = PRIMES.slice(0, 8).map((p) => fraction32(Math.sqrt(p)));

function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return bytes;
}

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** One 64-byte block of `words` (from `at`) into the state `h`. */
function compress(h: number[], words: Uint32Array, at: number): void {
  const w = new Uint32Array(64);
  for (let i = 0; i < 16; i += 1) w[i] = words[at + i] ?? 0;
  for (let i = 16; i < 64; i += 1) {
    const a = w[i - 15] ?? 0;
    const b = w[i - 2] ?? 0;
    const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
    const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
    w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
  }
  let [a, b, c, d, e, f, g, k] = h as [number, number, number, number, number, number, number, number];
  for (let i = 0; i < 64; i += 1) {
    const t1 = (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0)) >>> 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
    [k, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
  }
  for (const [i, value] of [a, b, c, d, e, f, g, k].entries()) h[i] = ((h[i] ?? 0) + value) >>> 0;
}

/** The lower-case hex SHA-256 of `text`'s UTF-8 bytes. */
export function sha256Hex(text: string): string {
  const bytes = utf8(text);
  const length = bytes.length;
  bytes.push(0x80);
  while (bytes.length % 64 !== 56) bytes.push(0);
  // The bit length, big-endian in 8 bytes (a text is far below 2^32 bytes).
  const bits = (length << 3) >>> 0;
  bytes.push(0, 0, 0, length >>> 29, bits >>> 24, (bits >>> 16) & 255, (bits >>> 8) & 255, bits & 255);
  const view = new DataView(Uint8Array.from(bytes).buffer);
  const words = Uint32Array.from({ length: bytes.length / 4 }, (_, i) => view.getUint32(i * 4));
  const h = [...H0];
  for (let at = 0; at < words.length; at += 16) compress(h, words, at);
  return h.map((value) => value.toString(16).padStart(8, "0")).join("");
}
