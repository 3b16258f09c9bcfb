// `npm run sim` (dev/serve.ts) stops when whoever started it goes away: its parent exits (npm
// killed without passing the signal on), the pipe on its stdin closes, or it gets SIGHUP.
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const SERVE = ["scripts/run.mjs", "dev/serve.ts", "--port", "0"];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once the simulator printed its address (it is serving). */
function serving(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("base_url: http://127.0.0.1:")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`serve exited early (${code}): ${out}`)));
  });
}

describe("npm run sim stops with its parent", () => {
  it("when its parent process exits without passing a signal on", async () => {
    // A shell starts the simulator in the background, says its pid, waits until it serves, exits.
    const shell = spawn("bash", ["-c", `node ${SERVE.join(" ")} > "$0" & echo $!; while ! grep -q base_url "$0"; do sleep 0.1; done`, path.join(ROOT, ".build", `orphan-${process.pid}.log`)], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let pid = 0;
    shell.stdout.on("data", (chunk: Buffer) => {
      pid = pid || Number(chunk.toString().trim().split("\n")[0]);
    });
    await new Promise((resolve) => shell.once("exit", resolve));
    expect(pid).toBeGreaterThan(0);
    await until("the orphaned simulator exits", () => !alive(pid));
  });

  it("when the pipe on its stdin closes", async () => {
    const child = spawn("node", SERVE, { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
    await serving(child);
    child.stdin?.end();
    await until("the simulator exits", () => child.exitCode !== null);
    expect(child.exitCode).toBe(0);
  });

  it("on SIGHUP and on SIGTERM", async () => {
    for (const signal of ["SIGHUP", "SIGTERM"] as const) {
      const child = spawn("node", SERVE, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
      await serving(child);
      child.kill(signal);
      await until(`the simulator exits on ${signal}`, () => child.exitCode !== null || child.signalCode !== null);
      expect({ signal, exitCode: child.exitCode, killedBy: child.signalCode }).toEqual({ signal, exitCode: 0, killedBy: null });
    }
  });
});
