// This file defines the Utilities fake (https://developers.google.com/apps-script/reference/utilities/utilities):
// sleep on the virtual clock (at most 300000 ms), seeded UUIDs, formatDate, base64, digests and
// blobs. Byte arrays are Apps Script's signed Java bytes.
import { createHash, createHmac } from "node:crypto";
import { FakeBlob, bytesOf, toSignedBytes } from "./blob";
import type { Counters } from "./counters";
import { makeEnum, enumName } from "./enums";
import type { ServiceEnv } from "./env";
import { formatDate } from "./format-date";
import type { SeededRandom } from "./random";

export const MAX_SLEEP_MS = 300_000;

export const DigestAlgorithm = makeEnum(["MD2", "MD5", "SHA_1", "SHA_256", "SHA_384", "SHA_512"] as const);
export const MacAlgorithm = makeEnum(["HMAC_MD5", "HMAC_SHA_1", "HMAC_SHA_256", "HMAC_SHA_384", "HMAC_SHA_512"] as const);
export const Charset = makeEnum(["US_ASCII", "UTF_8"] as const);

const NODE_DIGEST: Record<string, string> = { MD5: "md5", SHA_1: "sha1", SHA_256: "sha256", SHA_384: "sha384", SHA_512: "sha512" };

export function createUtilities(env: ServiceEnv, random: SeededRandom, counters: Counters) {
  const fail = (message: string) => env.exec.error(message);
  const data = (value: unknown, what: string): Buffer => {
    const bytes = bytesOf(value);
    if (bytes === undefined) throw fail(`Invalid argument: ${what}`);
    return bytes;
  };

  return {
    DigestAlgorithm,
    MacAlgorithm,
    Charset,

    /** "The maximum allowed value is 300000 (or 5 minutes)." The wording of the error is a guess. */
    sleep(milliseconds: number): void {
      env.exec.enter();
      const ms = Number(milliseconds);
      if (!Number.isFinite(ms) || ms < 0 || ms > MAX_SLEEP_MS) throw fail("Invalid argument: milliseconds");
      env.clock.sleep(ms);
      counters.sleeps += 1;
      counters.sleepMs += ms;
      // Sleeping past the time limit kills the execution, as the real one would be killed.
      env.exec.enter();
    },

    getUuid(): string {
      env.exec.enter();
      return random.uuid();
    },

    formatDate(date: unknown, timeZone: string, format: string): string {
      env.exec.enter();
      const time =
        typeof date === "object" && date !== null && typeof (date as { getTime?: unknown }).getTime === "function"
          ? Number((date as { getTime: () => unknown }).getTime())
          : Number.NaN;
      if (!Number.isFinite(time)) throw fail("Invalid argument: date");
      try {
        return formatDate(time, String(timeZone), String(format));
      } catch (error) {
        throw fail(error instanceof RangeError ? "Invalid argument: timeZone" : `Invalid argument: format`);
      }
    },

    formatString(template: string, ...args: unknown[]): string {
      env.exec.enter();
      let i = 0;
      return String(template).replace(/%([sdf%])/g, (_match, kind: string) => {
        if (kind === "%") return "%";
        const arg = args[i++];
        if (kind === "d") return String(Math.trunc(Number(arg)));
        if (kind === "f") return Number(arg).toFixed(6);
        return String(arg);
      });
    },

    base64Encode(value: unknown, _charset?: unknown): string {
      env.exec.enter();
      return data(value, "data").toString("base64");
    },
    base64EncodeWebSafe(value: unknown, _charset?: unknown): string {
      env.exec.enter();
      return data(value, "data").toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
    },
    base64Decode(encoded: string, _charset?: unknown): number[] {
      env.exec.enter();
      return toSignedBytes(Buffer.from(String(encoded), "base64"));
    },
    base64DecodeWebSafe(encoded: string, _charset?: unknown): number[] {
      env.exec.enter();
      return toSignedBytes(Buffer.from(String(encoded).replace(/-/g, "+").replace(/_/g, "/"), "base64"));
    },

    newBlob(value: unknown, contentType?: string, name?: string): FakeBlob {
      env.exec.enter();
      return new FakeBlob(data(value ?? "", "data"), contentType ?? null, name ?? null);
    },

    computeDigest(algorithm: unknown, value: unknown, _charset?: unknown): number[] {
      env.exec.enter();
      const node = NODE_DIGEST[enumName(algorithm) ?? ""];
      if (node === undefined) throw fail("Invalid argument: algorithm");
      return toSignedBytes(createHash(node).update(data(value, "value")).digest());
    },

    computeHmacSha256Signature(value: unknown, key: unknown, _charset?: unknown): number[] {
      env.exec.enter();
      return toSignedBytes(createHmac("sha256", data(key, "key")).update(data(value, "value")).digest());
    },

    computeHmacSignature(algorithm: unknown, value: unknown, key: unknown, _charset?: unknown): number[] {
      env.exec.enter();
      const node = NODE_DIGEST[(enumName(algorithm) ?? "").replace(/^HMAC_/, "")];
      if (node === undefined) throw fail("Invalid argument: algorithm");
      return toSignedBytes(createHmac(node, data(key, "key")).update(data(value, "value")).digest());
    },
  };
}
