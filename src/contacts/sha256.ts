// This file defines SHA-256 (FIPS 180-4) of a text's UTF-8 bytes, in plain code: a forgotten address is kept only as its hash
// (`sha256:` lines of `Do not contact`, the store's list), and every address a sync, an export or a pass meets may be compared with
// them, thousands at a time, without a call to Apps Script's Utilities for each.

const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/** The text's UTF-8 bytes. */
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
    k = g;
    g = f;
    f = e;
    e = (d + t1) >>> 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) >>> 0;
  }
  [a, b, c, d, e, f, g, k].forEach((value, i) => {
    h[i] = ((h[i] ?? 0) + value) >>> 0;
  });
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
  const words = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < words.length; i += 1)
    words[i] =
      (((bytes[i * 4] ?? 0) << 24) | ((bytes[i * 4 + 1] ?? 0) << 16) | ((bytes[i * 4 + 2] ?? 0) << 8) | (bytes[i * 4 + 3] ?? 0)) >>> 0;
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  for (let at = 0; at < words.length; at += 16) compress(h, words, at);
  return h.map((value) => value.toString(16).padStart(8, "0")).join("");
}
