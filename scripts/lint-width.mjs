// Fails when a line of src/, test/, dev/, bench/ or scripts/ (.ts, .mjs, .js, .css, .html) is longer
// than 140 characters. Biome's lineWidth sets 140 for code, but its formatter cannot break a comment,
// a string, a template or a regex, and it does not format the sidebar's CSS and HTML: this check holds
// the same limit for those. Files come from git (tracked, and new ones not ignored); generated output
// (dist, dist-full, listing/out, coverage) is skipped. `node scripts/lint-width.mjs [dir…]` checks the
// files under other folders instead (the test of this script points it at a fixture).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const MAX_LINE_CHARACTERS = 140;

const FOLDERS = ["src", "test", "dev", "bench", "scripts"];
const CHECKED = /\.(ts|mjs|js|css|html)$/;
const GENERATED = /(^|\/)(dist|dist-full|listing\/out|coverage|node_modules)(\/|$)/;

/** The repository's files under FOLDERS (relative to `root`): tracked ones and new ones git does not ignore. */
function repositoryFiles(root) {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", ...FOLDERS], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  // A file deleted but not yet staged is still listed: nothing to read.
  return [...new Set(listed.split("\0"))].filter((file) => file !== "" && existsSync(path.join(root, file)));
}

/** Every file under `dir` (relative to it), for a folder git does not know (a test's fixture). */
function folderFiles(dir, under = "") {
  return readdirSync(path.join(dir, under)).flatMap((name) => {
    const relative = under === "" ? name : `${under}/${name}`;
    return statSync(path.join(dir, relative)).isDirectory() ? folderFiles(dir, relative) : [relative];
  });
}

/** Every line longer than `max` characters (code points, as an editor counts them) of `files` under `root`: {file, line, length}. */
function longLines(root, files, max = MAX_LINE_CHARACTERS) {
  const found = [];
  for (const relative of files) {
    if (!CHECKED.test(relative) || GENERATED.test(relative)) continue;
    readFileSync(path.join(root, relative), "utf8")
      .split(/\r?\n/)
      .forEach((text, i) => {
        const length = [...text].length;
        if (length > max) found.push({ file: relative, line: i + 1, length });
      });
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, "..");
  const dirs = process.argv.slice(2);
  const long =
    dirs.length > 0
      ? dirs.flatMap((dir) => longLines(dir, folderFiles(dir)).map((l) => ({ ...l, file: path.join(dir, l.file) })))
      : longLines(root, repositoryFiles(root));
  for (const l of long) console.error(`${l.file}:${l.line}: ${l.length} characters (at most ${MAX_LINE_CHARACTERS})`);
  if (long.length > 0) {
    console.error(
      `lint-width: ${long.length} line(s) longer than ${MAX_LINE_CHARACTERS} characters: re-flow the comment, or split the string ` +
        "with + (the same text).",
    );
    process.exit(1);
  }
  console.log(
    `lint-width: every line of ${dirs.length > 0 ? "those folders" : FOLDERS.join(", ")} is at most ${MAX_LINE_CHARACTERS} characters.`,
  );
}
