// Defines the fake's formula engine: a syntax check and the evaluation of self-contained formulas only.
//
// Sheets evaluates every formula; this fake cannot (no references, no function library). It parses
// the formula so a syntax error yields "#ERROR!" as in Sheets ("=+1 512-555-0100"), computes formulas
// made only of literals and operators ("=1+1" → 2) and HYPERLINK of literals, and gives every other
// formula the value UNEVALUATED_FORMULA_VALUE, which no real cell shows and no text is mistaken for.

/** The value of a formula the fake cannot compute (it references cells or calls a function). */
export const UNEVALUATED_FORMULA_VALUE = "#UNEVALUATED!";
/** What Sheets shows for a formula it cannot parse. */
export const PARSE_ERROR_VALUE = "#ERROR!";

export type FormulaValue = string | number | boolean;

type Token =
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "word"; value: string }
  | { kind: "sheet"; value: string }
  | { kind: "op"; value: string };

class FormulaSyntaxError extends Error {}
/** Thrown inside evaluation when the value depends on something the fake does not compute. */
class Unevaluated extends Error {}
/** A Sheets error value (#VALUE!, #DIV/0!, #NAME?) travelling through evaluation. */
class SheetsError extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const ch = rest[0] ?? "";
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const num = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest);
    if (num) {
      tokens.push({ kind: "number", value: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    if (ch === '"') {
      let j = 1;
      let value = "";
      for (;;) {
        if (j >= rest.length) throw new FormulaSyntaxError("unterminated string");
        if (rest[j] === '"') {
          if (rest[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          break;
        }
        value += rest[j];
        j += 1;
      }
      tokens.push({ kind: "string", value });
      i += j + 1;
      continue;
    }
    const quotedSheet = /^'((?:[^']|'')+)'!/.exec(rest);
    if (quotedSheet) {
      tokens.push({ kind: "sheet", value: quotedSheet[1] ?? "" });
      i += quotedSheet[0].length;
      continue;
    }
    const word = /^[A-Za-z_$][A-Za-z0-9_.$]*/.exec(rest);
    if (word) {
      if (rest[word[0].length] === "!") {
        tokens.push({ kind: "sheet", value: word[0] });
        i += word[0].length + 1;
      } else {
        tokens.push({ kind: "word", value: word[0] });
        i += word[0].length;
      }
      continue;
    }
    const op = /^(?:<>|<=|>=|[-+*/^&=<>%(),;:{}])/.exec(rest);
    if (op) {
      tokens.push({ kind: "op", value: op[0] });
      i += op[0].length;
      continue;
    }
    throw new FormulaSyntaxError(`unexpected ${ch}`);
  }
  return tokens;
}

const CELL_REF = /^\$?[A-Za-z]{1,3}\$?\d+$/;

/** A parsed expression as a thunk: parsing checks syntax, calling evaluates. */
type Expr = () => FormulaValue;

class Parser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parseFormula(): Expr {
    const expr = this.comparison();
    if (this.pos < this.tokens.length) throw new FormulaSyntaxError("trailing tokens");
    return expr;
  }

  private peekOp(...ops: string[]): string | null {
    const t = this.tokens[this.pos];
    return t && t.kind === "op" && ops.includes(t.value) ? t.value : null;
  }

  private expectOp(op: string): void {
    if (!this.peekOp(op)) throw new FormulaSyntaxError(`expected ${op}`);
    this.pos += 1;
  }

  private binary(next: () => Expr, ops: string[], apply: (op: string, a: FormulaValue, b: FormulaValue) => FormulaValue): Expr {
    let left = next();
    for (let op = this.peekOp(...ops); op; op = this.peekOp(...ops)) {
      this.pos += 1;
      const l = left;
      const r = next();
      const o = op;
      left = () => apply(o, l(), r());
    }
    return left;
  }

  private comparison(): Expr {
    return this.binary(() => this.concat(), ["=", "<>", "<", ">", "<=", ">="], compare);
  }

  private concat(): Expr {
    return this.binary(
      () => this.additive(),
      ["&"],
      (_op, a, b) => toText(a) + toText(b),
    );
  }

  private additive(): Expr {
    return this.binary(
      () => this.multiplicative(),
      ["+", "-"],
      (op, a, b) => (op === "+" ? toNumber(a) + toNumber(b) : toNumber(a) - toNumber(b)),
    );
  }

  private multiplicative(): Expr {
    return this.binary(
      () => this.power(),
      ["*", "/"],
      (op, a, b) => {
        if (op === "*") return toNumber(a) * toNumber(b);
        const divisor = toNumber(b);
        if (divisor === 0) throw new SheetsError("#DIV/0!");
        return toNumber(a) / divisor;
      },
    );
  }

  private power(): Expr {
    return this.binary(
      () => this.unary(),
      ["^"],
      (_op, a, b) => toNumber(a) ** toNumber(b),
    );
  }

  private unary(): Expr {
    const op = this.peekOp("+", "-");
    if (op) {
      this.pos += 1;
      const operand = this.unary();
      return op === "-" ? () => -toNumber(operand()) : () => toNumber(operand());
    }
    return this.postfix();
  }

  private postfix(): Expr {
    let expr = this.range();
    while (this.peekOp("%")) {
      this.pos += 1;
      const inner = expr;
      expr = () => toNumber(inner()) / 100;
    }
    return expr;
  }

  private range(): Expr {
    let expr = this.primary();
    while (this.peekOp(":")) {
      this.pos += 1;
      this.primary();
      expr = () => {
        throw new Unevaluated();
      };
    }
    return expr;
  }

  private primary(): Expr {
    const t = this.tokens[this.pos];
    if (!t) throw new FormulaSyntaxError("unexpected end");
    this.pos += 1;
    switch (t.kind) {
      case "number": {
        const v = t.value;
        return () => v;
      }
      case "string": {
        const v = t.value;
        return () => v;
      }
      case "sheet": {
        const ref = this.tokens[this.pos];
        if (ref?.kind !== "word") throw new FormulaSyntaxError("expected a reference");
        this.pos += 1;
        return () => {
          throw new Unevaluated();
        };
      }
      case "word":
        return this.word(t.value);
      case "op":
        if (t.value === "(") {
          const inner = this.comparison();
          this.expectOp(")");
          return inner;
        }
        if (t.value === "{") {
          this.arrayLiteral();
          return () => {
            throw new Unevaluated();
          };
        }
        throw new FormulaSyntaxError(`unexpected ${t.value}`);
    }
  }

  private arrayLiteral(): void {
    if (this.peekOp("}")) throw new FormulaSyntaxError("empty array");
    for (;;) {
      this.comparison();
      if (this.peekOp(",", ";")) {
        this.pos += 1;
        continue;
      }
      this.expectOp("}");
      return;
    }
  }

  private word(name: string): Expr {
    if (this.peekOp("(")) {
      this.pos += 1;
      const args: Expr[] = [];
      if (!this.peekOp(")")) {
        for (;;) {
          args.push(this.peekOp(",", ")") ? () => "" : this.comparison());
          if (this.peekOp(",")) {
            this.pos += 1;
            continue;
          }
          break;
        }
      }
      this.expectOp(")");
      return callFunction(name.toUpperCase(), args);
    }
    const upper = name.toUpperCase();
    if (upper === "TRUE") return () => true;
    if (upper === "FALSE") return () => false;
    if (CELL_REF.test(name)) {
      return () => {
        throw new Unevaluated();
      };
    }
    // A bare name that is no reference is an unknown named range: Sheets shows #NAME?.
    return () => {
      throw new SheetsError("#NAME?");
    };
  }
}

function callFunction(name: string, args: Expr[]): Expr {
  if (name === "HYPERLINK" && (args.length === 1 || args.length === 2)) {
    const [url, label] = args;
    return () => toText((label ?? url ?? (() => ""))());
  }
  return () => {
    throw new Unevaluated();
  };
}

function toNumber(v: FormulaValue): number {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v === "") return 0;
  const n = Number(v.trim());
  if (v.trim() === "" || Number.isNaN(n)) throw new SheetsError("#VALUE!");
  return n;
}

function toText(v: FormulaValue): string {
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "number") return String(Number(v.toPrecision(15)));
  return v;
}

function compare(op: string, a: FormulaValue, b: FormulaValue): boolean {
  const rank = (v: FormulaValue): number => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  let c: number;
  if (rank(a) !== rank(b)) c = rank(a) - rank(b);
  else if (typeof a === "string" && typeof b === "string")
    c = a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
  else c = Number(a) - Number(b);
  switch (op) {
    case "=":
      return c === 0;
    case "<>":
      return c !== 0;
    case "<":
      return c < 0;
    case ">":
      return c > 0;
    case "<=":
      return c <= 0;
    default:
      return c >= 0;
  }
}

/** The value a cell shows for `formula` (which starts with "="). */
export function evaluateFormula(formula: string): FormulaValue {
  let expr: Expr;
  try {
    expr = new Parser(tokenize(formula.slice(1))).parseFormula();
  } catch (e) {
    if (e instanceof FormulaSyntaxError) return PARSE_ERROR_VALUE;
    throw e;
  }
  try {
    const value = expr();
    return typeof value === "number" && !Number.isFinite(value) ? "#NUM!" : value;
  } catch (e) {
    if (e instanceof Unevaluated) return UNEVALUATED_FORMULA_VALUE;
    if (e instanceof SheetsError) return e.message;
    throw e;
  }
}
