// This file is the CLI behind `npm start`: serves the playground (the built sidebar beside a live
// view of the emulated spreadsheet) until Ctrl-C, or with --headless prints the search demo.
// Flags: --port <n> (default 8080; 0 = any free port), --speed <n> (virtual ms per real ms,
// default DEFAULT_SPEED: 2), --seed <n>, --hostile (every 5th business carries a hostile value, as in the tests),
// --no-key (start without saved settings); --headless [--query <text>] [--city <prefix>] [--max <n>];
// --scene contacts [--locale de_DE] (prints the Contacts scene: two bounces, a forgotten address, a refresh that finds it again
// without bringing it back, the new rows only in "New since the last file"; de_DE: a Berlin team's consent check).
import { playContactsScene } from "./playground/contacts-scene";
import { runHeadless } from "./playground/headless";
import { DEFAULT_SPEED, startPlayground } from "./playground/server";
import { stopWithParent } from "./stop-with-parent";

interface Cli {
  headless: boolean;
  scene: "contacts" | null;
  locale: "en_US" | "de_DE";
  hostile: boolean;
  noKey: boolean;
  port: number;
  speed: number;
  seed: number;
  query: string;
  city: string;
  max: number;
}

const USAGE =
  "flags: --port <n>, --speed <n>, --seed <n>, --hostile, --no-key, --headless [--query <text>] [--city <prefix>] [--max <n>], " +
  "--scene contacts [--locale de_DE]";

function parseArgs(argv: readonly string[]): Cli {
  const cli: Cli = {
    headless: false,
    scene: null,
    locale: "en_US",
    hostile: false,
    noKey: false,
    port: 8080,
    speed: DEFAULT_SPEED,
    seed: 42,
    query: "plumbers",
    city: "Austin",
    max: 150,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag = "", inline] = (argv[i] ?? "").split("=", 2);
    const value = (): string => {
      const raw = inline ?? argv[++i];
      if (raw === undefined) throw new Error(`${flag} needs a value (${USAGE})`);
      return raw;
    };
    const number = (): number => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number (${USAGE})`);
      return n;
    };
    if (flag === "--headless") cli.headless = true;
    else if (flag === "--scene") {
      const scene = value();
      if (scene !== "contacts") throw new Error(`--scene ${scene}: the only scene is "contacts" (${USAGE})`);
      cli.scene = scene;
    } else if (flag === "--locale") {
      const locale = value();
      if (locale !== "en_US" && locale !== "de_DE") throw new Error(`--locale ${locale}: the scene speaks en_US or de_DE (${USAGE})`);
      cli.locale = locale;
    } else if (flag === "--hostile") cli.hostile = true;
    else if (flag === "--no-key") cli.noKey = true;
    else if (flag === "--port") cli.port = number();
    else if (flag === "--speed") cli.speed = number();
    else if (flag === "--seed") cli.seed = number();
    else if (flag === "--query") cli.query = value();
    else if (flag === "--city") cli.city = value();
    else if (flag === "--max") cli.max = number();
    else throw new Error(`unknown argument ${flag} (${USAGE})`);
  }
  return cli;
}

async function main(): Promise<void> {
  const cli = parseArgs(process.argv.slice(2));
  if (cli.scene === "contacts") {
    await playContactsScene({ seed: cli.seed, locale: cli.locale, say: (line) => console.log(line) });
    return;
  }
  if (cli.headless) {
    await runHeadless({ query: cli.query, city: cli.city, maxResults: cli.max, seed: cli.seed, hostile: cli.hostile });
    return;
  }
  const playground = await startPlayground({
    port: cli.port,
    speed: cli.speed,
    seed: cli.seed,
    hostile: cli.hostile,
    presetKey: cli.noKey ? null : undefined,
  });
  // Listen for the stop signals before printing the address: whoever reads it may signal at once.
  stopWithParent((reason) => {
    console.log(`\nStopping (${reason})…`);
    void playground.close().then(() => process.exit(0));
  });
  console.log(`Business Leads playground: ${playground.url}`);
  console.log(
    `  the sidebar is dist/Sidebar.html running on the built add-on; the simulator is at ${playground.simUrl} (demo key demo-growth)`,
  );
  console.log(
    `  virtual time runs ${cli.speed}× real time (--speed), and the page's "+1 hour" / "+1 day" move it ` +
      `on${cli.hostile ? "; hostile values are on" : ""}. Stop with Ctrl-C.`,
  );
  console.log(`  try: a 700-result search for coffee in Austin; =LEADS_CREDITS() typed into a cell. docs/playground.md says what to try.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
