// Tests the production build (`npm run build -- --base-url https://…`, or BASE_URL): the address
// becomes the default service address and the manifest's urlFetchWhitelist (an https prefix with
// a path, as Google requires); a bad address stops the build; the default build has neither.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createRuntime } from "../../dev/fakes/runtime";

const root = path.resolve(__dirname, "../..");

function buildInto(args: string[], env: Record<string, string> = {}): { dir: string; status: number | null; output: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "leads-prod-"));
  const run = spawnSync(process.execPath, ["scripts/build.mjs", ...args, "--out-dir", dir], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  return { dir, status: run.status, output: run.stdout + run.stderr };
}

const manifest = (dir: string): { urlFetchWhitelist?: string[]; oauthScopes: string[] } =>
  JSON.parse(readFileSync(path.join(dir, "appsscript.json"), "utf8"));

function defaultAddress(dir: string): unknown {
  const runtime = createRuntime({ distDir: dir });
  const result = runtime.run("getSettings", [], { viaScriptRun: true });
  expect(result.errorMessage).toBeUndefined();
  return (result.value as { baseUrl: unknown }).baseUrl;
}

describe("production build", () => {
  it("--base-url writes the default address and the urlFetchWhitelist", () => {
    const { dir, status, output } = buildInto(["--base-url", "https://leads.example.com/api/v1/"]);
    expect(output).toContain("production build for https://leads.example.com");
    expect(status).toBe(0);
    expect(manifest(dir).urlFetchWhitelist).toEqual(["https://leads.example.com/"]);
    expect(manifest(dir).oauthScopes).toEqual(manifest(path.join(root, "dist")).oauthScopes);
    expect(defaultAddress(dir)).toBe("https://leads.example.com");
  });

  it("refuses to save another service address than the one its manifest allows fetches to", () => {
    const { dir, status } = buildInto(["--base-url", "https://leads.example.com"]);
    expect(status).toBe(0);
    const runtime = createRuntime({ distDir: dir });
    const result = runtime.run("saveSettings", [{ apiKey: "k-123", baseUrl: "https://elsewhere.example.net" }], { viaScriptRun: true });
    expect(result.errorMessage).toContain("can only reach its service at https://leads.example.com");
    expect(runtime.counters.fetchRequests).toBe(0);
    expect(runtime.properties.user(runtime.userEmail).size).toBe(0);
  });

  it("takes the address from BASE_URL too, keeping its path", () => {
    const { dir, status } = buildInto([], { BASE_URL: "https://api.example.org/leads" });
    expect(status).toBe(0);
    expect(manifest(dir).urlFetchWhitelist).toEqual(["https://api.example.org/leads/"]);
    expect(defaultAddress(dir)).toBe("https://api.example.org/leads");
  });

  it("refuses an address that is not https, and writes nothing", () => {
    const { dir, status, output } = buildInto(["--base-url=http://leads.example.com"]);
    expect(status).not.toBe(0);
    expect(output).toContain("--base-url must be the service's https:// address");
    expect(() => readFileSync(path.join(dir, "Code.js"))).toThrow();
  });

  it("the default build (dist/) names no address and has no whitelist", () => {
    expect(manifest(path.join(root, "dist")).urlFetchWhitelist).toBeUndefined();
    expect(defaultAddress(path.join(root, "dist"))).toBe("");
  });
});
