// This file defines a stand-in for the clasp CLI, for tests of scripts/push.mjs: it reads its
// arguments with clasp 3.4.1's own command definitions (node_modules/@google/clasp's makeProgram,
// read once and kept as JSON: claspDefinitions), so an option or command the real clasp lacks
// fails here too, and it does locally what clasp does
// around Google (create refuses where a .clasp.json is found, writes one with the new ids and pulls
// the new project's two files into its rootDir; push reads .clasp.json, or the file --project
// names; create-version and create-deployment answer as clasp does, in JSON with --json) without
// calling Google. Each run is appended as a JSON line to $FAKE_CLASP_LOG; $FAKE_CLASP_FAIL=<command>
// makes it fail.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export const FAKE_SCRIPT_ID = "1FakeCreatedScriptId_abcdefghijklmnopqrstuvwxyz0123456789";
export const FAKE_SPREADSHEET_ID = "1FakeCreatedSpreadsheetId_abcdefghijklmnopqrstuv";
export const FAKE_VERSION = 7;
export const FAKE_DEPLOYMENT_ID = "AKfycbFakeDeploymentId0123456789";

function record(entry) {
  if (process.env.FAKE_CLASP_LOG) appendFileSync(process.env.FAKE_CLASP_LOG, `${JSON.stringify({ cwd: process.cwd(), ...entry })}\n`);
}

/** clasp finds its project file in the working directory or any folder above it. */
function findProjectFile(from) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const file = path.join(dir, ".clasp.json");
    if (existsSync(file)) return file;
    if (path.dirname(dir) === dir) return null;
  }
}

const CLASP = new URL("../../node_modules/@google/clasp/", import.meta.url);

/** A commander option as JSON: what its definition says. */
const describeOption = (option) => ({
  flags: option.flags,
  description: option.description,
  defaultValue: option.defaultValue,
  envVar: option.envVar,
});

/**
 * clasp's program as its makeProgram defines it (global options, commands, their aliases, arguments
 * and options), kept as JSON in the temp folder under clasp's version: makeProgram loads the whole
 * of clasp, googleapis included (about a second), and the tests run this stand-in a dozen times.
 */
async function claspDefinitions() {
  const { version } = JSON.parse(readFileSync(new URL("package.json", CLASP), "utf8"));
  const file = path.join(os.tmpdir(), `business-leads-fake-clasp-${version}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const { makeProgram } = await import(new URL("build/src/commands/program.js", CLASP).href);
  const program = makeProgram(() => undefined);
  const versionOption = program.options.find((option) => option.long === "--version");
  const definitions = {
    version: program.version(),
    versionOption: versionOption ? describeOption(versionOption) : { flags: "-v, --version", description: "output the version number" },
    name: program.name(),
    usage: program.usage(),
    description: program.description(),
    options: program.options.filter((option) => option !== versionOption).map(describeOption),
    commands: program.commands.map((command) => ({
      name: command.name(),
      aliases: command.aliases(),
      description: command.description(),
      args: command.registeredArguments.map((argument) => ({
        name: argument.name(),
        required: argument.required,
        variadic: argument.variadic,
        description: argument.description,
      })),
      options: command.options.map(describeOption),
    })),
  };
  // Written whole, then moved into place: two test workers may write it at once.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(definitions));
  renameSync(partial, file);
  return definitions;
}

/** clasp's program from its definitions, set up as makeProgram sets it up (without its login hook: the actions below stand in for it). */
function programOf(definitions) {
  const { Argument, Command, Option } = createRequire(new URL("package.json", CLASP))("commander");
  const optionOf = (d) => {
    const option = new Option(d.flags, d.description);
    if (d.defaultValue !== undefined) option.default(d.defaultValue);
    return d.envVar ? option.env(d.envVar) : option;
  };
  const program = new Command();
  program.exitOverride((error) => {
    throw error;
  });
  program.storeOptionsAsProperties(false);
  program.version(definitions.version, definitions.versionOption.flags, definitions.versionOption.description);
  program.name(definitions.name).usage(definitions.usage).description(definitions.description);
  for (const option of definitions.options) program.addOption(optionOf(option));
  for (const d of definitions.commands) {
    const command = new Command(d.name).description(d.description);
    for (const alias of d.aliases) command.alias(alias);
    for (const a of d.args)
      command.addArgument(
        new Argument(a.required ? `<${a.name}${a.variadic ? "..." : ""}>` : `[${a.name}${a.variadic ? "..." : ""}]`, a.description),
      );
    for (const option of d.options) command.addOption(optionOf(option));
    program.addCommand(command);
    command.copyInheritedSettings(program);
  }
  program.on("command:*", (operands) => {
    console.error(`Unknown command "clasp ${operands[0]}"`);
    process.exitCode = 1;
    program.help();
  });
  return program;
}

function failIfAsked(command) {
  if (process.env.FAKE_CLASP_FAIL === command) {
    console.error(`fake clasp: ${command} failed as asked`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // clasp's preAction hook logs in and reads the project; the actions below stand in for both.
  const program = programOf(await claspDefinitions());
  for (const command of program.commands) {
    command.action(function () {
      const options = this.optsWithGlobals();
      const name = command.name();
      // --project names the project file (or its folder); else clasp looks up from the working directory.
      const named = options.project === undefined ? null : path.resolve(options.project);
      const found =
        named === null
          ? findProjectFile(process.cwd())
          : existsSync(path.join(named, ".clasp.json"))
            ? path.join(named, ".clasp.json")
            : named;
      if (name === "create-script") {
        if (found !== null) {
          record({ command: name, options, refused: true });
          console.error("Project file already exists.");
          process.exit(1);
        }
        if (!["sheets", "docs", "slides", "forms", "standalone", "webapp", "api"].includes(String(options.type))) {
          console.error(`Invalid script type "${options.type}".`);
          process.exit(1);
        }
        failIfAsked("create");
        const rootDir = path.resolve(options.rootDir ?? ".");
        mkdirSync(rootDir, { recursive: true });
        writeFileSync(path.join(rootDir, "appsscript.json"), JSON.stringify({ timeZone: "America/New_York", runtimeVersion: "V8" }));
        writeFileSync(path.join(rootDir, "Code.js"), "function myFunction() {\n}\n");
        const settings = { scriptId: FAKE_SCRIPT_ID, rootDir: path.relative(process.cwd(), rootDir), parentId: FAKE_SPREADSHEET_ID };
        writeFileSync(path.join(process.cwd(), ".clasp.json"), JSON.stringify(settings, null, 2));
        record({ command: name, options });
        console.log(
          `Created new document: https://drive.google.com/open?id=${FAKE_SPREADSHEET_ID}\nCreated new script: ` +
            `https://script.google.com/d/${FAKE_SCRIPT_ID}/edit`,
        );
        return;
      }
      if (name === "push") {
        if (found === null) {
          console.error("Project settings not found.");
          process.exit(1);
        }
        failIfAsked("push");
        const settings = JSON.parse(readFileSync(found, "utf8"));
        const contentDir = path.resolve(path.dirname(found), settings.rootDir ?? ".");
        const files = readdirSync(contentDir).sort();
        record({
          command: name,
          options,
          scriptId: settings.scriptId,
          files,
          contents: Object.fromEntries(files.map((f) => [f, readFileSync(path.join(contentDir, f), "utf8")])),
        });
        console.log(`Pushed ${files.length} files.`);
        return;
      }
      if (name === "create-version" || name === "create-deployment") {
        if (found === null || !existsSync(found)) {
          console.error("Project settings not found.");
          process.exit(1);
        }
        failIfAsked(name === "create-version" ? "version" : "deploy");
        const { scriptId } = JSON.parse(readFileSync(found, "utf8"));
        const versionNumber = name === "create-version" ? FAKE_VERSION : Number(options.versionNumber);
        record({ command: name, options, scriptId, description: this.args[0] ?? null });
        const answer =
          name === "create-version"
            ? { versionNumber }
            : { deploymentId: FAKE_DEPLOYMENT_ID, versionNumber, description: options.description ?? "" };
        console.log(
          options.json
            ? JSON.stringify(answer, null, 2)
            : name === "create-version"
              ? `Created version ${versionNumber}`
              : `Deployed ${FAKE_DEPLOYMENT_ID} @${versionNumber}`,
        );
        return;
      }
      record({ command: name, options });
    });
  }
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    // Commander has printed its own message (unknown option, missing argument…).
    process.exit(typeof error?.exitCode === "number" && error.exitCode !== 0 ? error.exitCode : 1);
  }
}
