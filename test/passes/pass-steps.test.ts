// The pass is one runner over the features' steps (src/passes/pass-steps.ts): in their order, sharing one state.
import { PASS_STEPS, runPass, type PassStep } from "../../src/passes/pass-steps";
import { unitJobsContext } from "./jobs-context";

describe("runPass", () => {
  it("lists the features' steps in the order a pass runs them: jobs created first, polled, then refreshes, then what they wrote reaches Contacts", () => {
    expect(PASS_STEPS.map((step) => step.what)).toEqual([
      "enrichment's waiting rows sent",
      "territories' due runs started",
      "territories' waiting searches created",
      "service jobs polled and written",
      "searches' refreshes followed and started",
      "new addresses added to the Contacts sheet",
    ]);
  });

  it("runs each step once in turn, with one shared state, and returns its report", () => {
    const { ctx } = unitJobsContext();
    const ran: string[] = [];
    const step = (what: string): PassStep => ({
      what,
      run: (_ctx, pass) => {
        ran.push(what);
        pass.report.rowsWritten += 1;
      },
    });
    const report = runPass(ctx, ctx.clock.now() + 1000, [step("a"), step("b")]);
    expect([ran, report.rowsWritten]).toEqual([["a", "b"], 2]);
  });
});
