// This file defines what google.script.run can carry (https://developers.google.com/apps-script/guides/html/reference/run):
// "Legal parameters are JavaScript primitives like a Number, Boolean, String, or null, as well as
// JavaScript objects and arrays that are composed of primitives, objects and arrays … Requests
// fail if you attempt to pass a Date, Function, DOM element besides a form, or other prohibited
// type … Objects that create circular references will also fail, and undefined fields within
// arrays become null." Return values follow the same rules.

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null) return true;
  // Plain objects of any realm: their prototype is that realm's Object.prototype.
  return (
    Object.getPrototypeOf(proto) === null &&
    Object.prototype.toString.call(value) === "[object Object]" &&
    typeof (proto as { hasOwnProperty?: unknown }).hasOwnProperty === "function"
  );
}

/** The first thing google.script.run could not carry faithfully, or undefined. */
export function scriptRunProblem(value: unknown, where = "value", seen: Set<object> = new Set()): string | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
    case "undefined":
      return undefined;
    case "number":
      return Number.isFinite(value) ? undefined : `${where} is ${String(value)}, which JSON cannot carry`;
    case "bigint":
    case "symbol":
    case "function":
      return `${where} is a ${typeof value}`;
    default:
      break;
  }
  if (value === null) return undefined;
  const object = value as object;
  if (seen.has(object)) return `${where} is a circular reference`;
  seen.add(object);
  try {
    if (Array.isArray(object)) {
      for (let i = 0; i < object.length; i++) {
        const problem = scriptRunProblem(object[i] as unknown, `${where}[${i}]`, seen);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    if (!isPlainObject(object)) {
      const kind = Object.prototype.toString.call(object).slice(8, -1);
      return `${where} is a ${kind === "Object" ? (object.constructor?.name ?? "non-plain object") : kind}, not plain data`;
    }
    for (const key of Object.keys(object)) {
      const problem = scriptRunProblem((object as Record<string, unknown>)[key], `${where}.${key}`, seen);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    seen.delete(object);
  }
}
