// This file defines what every service fake of one execution is built with: the execution it
// serves, the shared virtual clock and the daily quotas, plus the entry check each call makes.
import type { VirtualClock } from "../clock";
import { permissionMessage } from "./auth";
import type { Counters } from "./counters";
import type { Execution } from "./execution";
import type { DailyQuotas } from "./quota";

export interface ServiceEnv {
  readonly exec: Execution;
  readonly clock: VirtualClock;
  readonly quotas: DailyQuotas;
  /** Where calls are counted for cost figures (absent: not counted). */
  readonly counters?: Counters;
}

/**
 * Starts a fake call: a dead execution throws again, a mode without the needed authorization
 * throws Google's "You do not have permission to call …".
 */
export function enterCall(env: ServiceEnv, allowed: boolean, call: string, scope?: string): void {
  env.exec.enter();
  if (!allowed) throw env.exec.error(permissionMessage(call, scope));
}

/** UTF-8 size, which is how Google's "KB" limits on properties and cache values count. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
