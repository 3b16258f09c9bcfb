// This file defines Apps Script-style enums: frozen objects whose values print as their names
// (`String(ScriptApp.AuthMode.FULL) === "FULL"`), the way Apps Script's Java-backed enums behave.

export interface GasEnumValue<N extends string = string> {
  readonly name: () => N;
  readonly ordinal: () => number;
  readonly toString: () => N;
  readonly toJSON: () => N;
}

export type GasEnum<N extends string> = { readonly [K in N]: GasEnumValue<K> };

export function makeEnum<N extends string>(names: readonly N[]): GasEnum<N> {
  const entries = names.map((name, index) => {
    const value: GasEnumValue<N> = Object.freeze({
      name: () => name,
      ordinal: () => index,
      toString: () => name,
      toJSON: () => name,
    });
    return [name, value] as const;
  });
  return Object.freeze(Object.fromEntries(entries)) as GasEnum<N>;
}

/** The name of an enum value, or of a plain string standing for one (tests may pass either). */
export function enumName(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null && "name" in value) {
    const name: unknown = (value as { name: unknown }).name;
    if (typeof name === "function") {
      const result: unknown = name.call(value);
      if (typeof result === "string") return result;
    }
  }
  return undefined;
}
