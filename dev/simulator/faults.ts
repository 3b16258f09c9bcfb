// This file defines fault injection: rules matched per request that answer with a given status,
// delay, lose or truncate responses, fired a fixed number of times or with a seeded probability.
import type { Prng } from "./prng";
import type { FaultRule } from "./types";

interface ActiveRule {
  rule: FaultRule;
  regex: RegExp | undefined;
  remaining: number;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];

  constructor(private readonly rng: Prng) {}

  add(rules: readonly FaultRule[]): void {
    for (const rule of rules) {
      if (rule.probability !== undefined && (rule.probability < 0 || rule.probability > 1))
        throw new Error("probability must be within 0..1");
      const remaining = rule.times ?? (rule.probability === undefined ? 1 : Number.POSITIVE_INFINITY);
      this.rules.push({ rule: { ...rule }, regex: rule.pathRegex === undefined ? undefined : new RegExp(rule.pathRegex), remaining });
    }
  }

  clear(): void {
    this.rules = [];
  }

  pending(): number {
    return this.rules.filter((r) => r.remaining > 0).length;
  }

  /** The first rule that matches and fires, consuming one of its uses. */
  match(method: string, path: string): FaultRule | undefined {
    for (const active of this.rules) {
      if (active.remaining <= 0) continue;
      const rule = active.rule;
      if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) continue;
      if (rule.path !== undefined && !path.startsWith(rule.path)) continue;
      if (active.regex !== undefined && !active.regex.test(path)) continue;
      if (rule.probability !== undefined && !this.rng.chance(rule.probability)) continue;
      active.remaining -= 1;
      return rule;
    }
    return undefined;
  }
}
