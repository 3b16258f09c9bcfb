// How the playground reads a LEADS_ formula: the function (upper-cased, as Sheets calls it) and its
// arguments (text, numbers, booleans, references); other formulas are not its business, and a LEADS_
// call it cannot compute says why instead of guessing.
import { parseCustomCall, UNSUPPORTED_ARGUMENTS } from "../../../dev/playground/formula-call";

describe("parseCustomCall", () => {
  it("reads the function and each kind of argument", () => {
    expect(parseCustomCall("=LEADS_CREDITS()")).toEqual({ name: "LEADS_CREDITS", args: [] });
    expect(parseCustomCall('= leads_locations( "Spring" , "US" )')).toEqual({
      name: "LEADS_LOCATIONS",
      args: [
        { kind: "value", value: "Spring" },
        { kind: "value", value: "US" },
      ],
    });
    expect(parseCustomCall('=LEADS_BUSINESS(A2:A50, "phone")')).toEqual({
      name: "LEADS_BUSINESS",
      args: [
        { kind: "reference", sheetName: null, a1: "A2:A50", single: false },
        { kind: "value", value: "phone" },
      ],
    });
    expect(parseCustomCall("=LEADS_JOB('Coffee – Austin'!$B$2,TRUE,-1.5e2,)")).toEqual({
      name: "LEADS_JOB",
      args: [
        { kind: "reference", sheetName: "Coffee – Austin", a1: "'Coffee – Austin'!$B$2", single: true },
        { kind: "value", value: true },
        { kind: "value", value: -150 },
        { kind: "omitted" },
      ],
    });
    expect(parseCustomCall('=LEADS_RESULTS("say ""hi""", Sheet2!A:A)')).toEqual({
      name: "LEADS_RESULTS",
      args: [
        { kind: "value", value: 'say "hi"' },
        { kind: "reference", sheetName: "Sheet2", a1: "Sheet2!A:A", single: false },
      ],
    });
  });

  it("leaves every other formula alone", () => {
    for (const formula of ["=1+1", "=SUM(A1:A3)", '=HYPERLINK("u","x")', "LEADS_CREDITS()", "=LEADSX()"])
      expect(parseCustomCall(formula)).toBeNull();
  });

  it("says what it cannot compute: nested functions, operators, broken text", () => {
    for (const formula of [
      "=LEADS_BUSINESS(TRIM(A2))",
      "=LEADS_CREDITS()+1",
      '=LEADS_JOB("unterminated)',
      "=LEADS_JOB(A2 & B2)",
      "=LEADS_CREDITS(",
    ]) {
      expect(parseCustomCall(formula)).toEqual({ problem: UNSUPPORTED_ARGUMENTS });
    }
  });
});
