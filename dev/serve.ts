// This file is the CLI behind `npm run sim`: serves the simulator on loopback with the real clock
// and prints the base URL and the demo keys. Flags: --port <n> (default 8787), --seed <n>, --production,
// --hostile (every 5th business carries a hostile value, as in the tests).
import { realClock } from "./clock";
import { DEMO_KEYS } from "./simulator/demo";
import { startSimulatorServer } from "./simulator/server";
import { DEFAULT_SEED, Simulator } from "./simulator/simulator";
import { stopWithParent } from "./stop-with-parent";

interface CliOptions {
  port: number;
  seed: number;
  production: boolean;
  hostile: boolean;
}

function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: 8787, seed: DEFAULT_SEED, production: false, hostile: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = (arg ?? "").split("=", 2);
    const value = (): number => {
      const raw = inline ?? argv[++i];
      const n = Number(raw);
      if (raw === undefined || !Number.isInteger(n)) throw new Error(`${flag ?? ""} needs an integer`);
      return n;
    };
    if (flag === "--port") options.port = value();
    else if (flag === "--seed") options.seed = value();
    else if (flag === "--production") options.production = true;
    else if (flag === "--hostile") options.hostile = true;
    else throw new Error(`unknown argument ${arg ?? ""} (flags: --port <n>, --seed <n>, --production, --hostile)`);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const simulator = new Simulator({ clock: realClock, seed: options.seed, production: options.production, hostile: options.hostile });
  const server = await startSimulatorServer({ simulator, port: options.port });
  // Listen for the stop signals before saying we are up: whoever reads the address may signal at once.
  stopWithParent(() => {
    void server.close().then(() => process.exit(0));
  });
  const lines = [
    `Business Leads service simulator (seed ${options.seed}${options.production ? ", production: Idempotency-Key required" : ""}` +
      `${options.hostile ? ", hostile values in every 5th business" : ""})`,
    `base_url: ${server.url}   (API under ${server.url}/api/v1, control under ${server.url}/__sim)`,
    "Demo API keys (header x-api-key):",
    ...Object.values(DEMO_KEYS).map((demo) => `  ${demo.apiKey.padEnd(18)} ${demo.purpose}`),
    "Query words: 'niche' finds about a third of maxResults; 'fail-me' fails the search halfway.",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
