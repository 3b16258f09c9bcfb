// `npm run sim` (dev/serve.ts) stops when whoever started it goes away: its parent exits (npm
// killed without passing the signal on), the pipe on its stdin closes, or it gets SIGHUP.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { Readable } from "node:stream";

const ROOT = path.resolve(__dirname, "../..");
const SERVE = ["scripts/run.mjs", "dev/serve.ts", "--port", "0"];

/** Whether `pid` still runs: a process that exited but is not reaped yet (a zombie) does not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."; Z is a zombie.
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** Resolves when the child process has exited, with how. */
function exited(child: ChildProcess): Promise<{ exitCode: number | null; killedBy: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ exitCode: child.exitCode, killedBy: child.signalCode });
  return new Promise((resolve) => child.once("exit", (exitCode, killedBy) => resolve({ exitCode, killedBy })));
}

/** Resolves with what `stream` said up to and including `text`. */
function readUntil(stream: Readable, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      if (!out.includes(text)) return;
      stream.off("data", onData);
      resolve(out);
    };
    stream.on("data", onData);
    stream.once("end", () => reject(new Error(`the stream ended before "${text}": ${out}`)));
  });
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
    // A shell starts the simulator in the background (its stdin /dev/null, its stdout the test's
    // pipe), says its pid and waits; once the simulator serves, the shell is killed, which passes
    // nothing on. The simulator holds the pipe's other end, so the pipe closes when it exits.
    const shell = spawn("bash", ["-c", `node ${SERVE.join(" ")} & echo "pid $!"; wait`], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const said = await readUntil(shell.stdout, "base_url: http://127.0.0.1:");
    const pid = Number(/^pid (\d+)$/m.exec(said)?.[1]);
    expect(pid).toBeGreaterThan(0);
    const pipeClosed = new Promise((resolve) => shell.stdout.once("close", resolve));
    shell.stdout.resume();
    shell.kill("SIGKILL");
    await pipeClosed;
    expect(alive(pid)).toBe(false);
  });

  it("when the pipe on its stdin closes", async () => {
    const child = spawn("node", SERVE, { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
    await serving(child);
    child.stdin?.end();
    expect(await exited(child)).toEqual({ exitCode: 0, killedBy: null });
  });

  it("on SIGHUP and on SIGTERM", async () => {
    for (const signal of ["SIGHUP", "SIGTERM"] as const) {
      const child = spawn("node", SERVE, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
      await serving(child);
      child.kill(signal);
      expect({ signal, ...(await exited(child)) }).toEqual({ signal, exitCode: 0, killedBy: null });
    }
  });
});
