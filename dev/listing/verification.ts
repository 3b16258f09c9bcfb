// This file defines the two documents the OAuth consent screen's verification asks for: the scope
// justification (each scope of each build's manifest: why, what uses it, what breaks without it,
// whether Google calls it sensitive) and the demo video's shot list (the consent screen in
// English with the app's name and the client ID in the address bar, then each sensitive scope
// used on screen), both in Markdown.
import type { ListingConfig } from "./config";
import { justificationOf, SCOPE_JUSTIFICATIONS } from "./scopes";

export interface BuildManifest {
  /** "default" (dist/) or "full" (dist-full/, `--scope full`). */
  build: "default" | "full";
  file: string;
  oauthScopes: readonly string[];
}

const shortScope = (scope: string) => scope.replace("https://www.googleapis.com/auth/", "");

export function scopeJustificationMarkdown(config: ListingConfig, manifests: readonly BuildManifest[]): string {
  const lines = [
    `# ${config.name}: OAuth scope justification`,
    "",
    "Paste each scope's text into the OAuth consent screen's Data access page (\"How will the scopes be used?\").",
    "The add-on asks for the scopes of ONE build: the default build (`npm run release`), or the full build",
    "(`npm run release -- --scope full`) when background updates must reach spreadsheets Google runs them without.",
    "",
  ];
  for (const manifest of manifests) {
    lines.push(`## The ${manifest.build} build (${manifest.file})`, "", "| Scope | Sensitive | What the user is asked |", "|---|---|---|");
    for (const scope of manifest.oauthScopes) {
      const j = justificationOf(scope);
      const said =
        j === undefined
          ? "NOT JUSTIFIED"
          : j.sensitivitySource.startsWith("https://")
            ? j.sensitivity
            : `${j.sensitivity} (reported: check the console)`;
      lines.push(`| \`${scope}\` | ${said} | ${j ? j.consentText : ""} |`);
    }
    lines.push("");
  }
  lines.push("## Each scope", "");
  for (const j of SCOPE_JUSTIFICATIONS) {
    lines.push(
      `### \`${j.scope}\``,
      "",
      `- **Builds:** ${j.builds.join(", ")}`,
      `- **The consent screen says:** "${j.consentText}"`,
      `- **Why ${config.name} needs it:** ${j.why}`,
      `- **What uses it:** ${j.usedBy}`,
      `- **Without it:** ${j.withoutIt}`,
      `- **Sensitivity:** ${j.sensitivity} (${j.sensitivitySource})`,
      "",
    );
  }
  lines.push("None of these scopes is restricted, so no security assessment is needed.", "");
  return lines.join("\n");
}

/** What to show on screen for each scope, in the order the video shows them. */
const SHOTS: Record<string, string> = {
  "script.container.ui":
    "Open Extensions › {name}: the add-on menu. Choose Open {name}: the sidebar opens. Choose Help: the dialog with the support link.",
  "script.external_request":
    'In the sidebar, paste the API key and save: the plan and credits appear (read from the service). Type "dentists", pick "Denver, ' +
    'Colorado", and press Start search.',
  "spreadsheets.currentonly":
    "The new results sheet appears in this spreadsheet and fills in row by row. Select rows of it (or of a pasted list), " +
    "open Enrich rows, press Check selection, then Enrich rows: the contacts are written beside the selected rows, " +
    "and nothing else changes.",
  spreadsheets:
    "The same as the default build, then: close the spreadsheet while a search runs, wait for the hourly background update (or show the " +
    "Check this spreadsheet report after one), and reopen it: the results were written although it was closed. " +
    "Say that the add-on opens only the spreadsheets where the user has work in progress.",
  "script.scriptapp":
    "While the search runs, close the sidebar: results keep coming (the background update). Run Extensions › {name}" +
    ' › Check this spreadsheet: its line "Background updates are scheduled while your jobs run" shows the trigger; ' +
    "once the search is done, run it again: no trigger is left.",
};

export function demoVideoMarkdown(config: ListingConfig, manifests: readonly BuildManifest[]): string {
  const name = config.name;
  const scopes = [...new Set(manifests.flatMap((m) => m.oauthScopes))];
  const order = ["script.container.ui", "script.external_request", "spreadsheets.currentonly", "spreadsheets", "script.scriptapp"];
  const shown = scopes.map(shortScope).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const lines = [
    `# ${name}: the verification demo video, shot by shot`,
    "",
    "Google's reviewers watch this video to see the app ask for each scope and use it. Record the build you submit",
    "(its manifest's scopes are the ones below), in English, on a test account, unlisted on YouTube.",
    "",
    "1. **The account in English.** Show the Google account's language set to English, then a new spreadsheet.",
    `2. **The consent screen.** Install ${name} (from its Marketplace listing, unlisted or in test) and open it: ` +
      `the consent screen appears. Hold on it: the app's name "${name}" as on the OAuth consent screen, ` +
      `and the browser's address bar with the \`client_id=\` of your OAuth client (zoom into the URL). ` +
      "Expand the list of permissions so each is readable, then Allow.",
  ];
  let step = 3;
  for (const scope of shown) {
    const shot = SHOTS[scope];
    const sensitivity = SCOPE_JUSTIFICATIONS.find((j) => shortScope(j.scope) === scope)?.sensitivity ?? "not justified";
    lines.push(`${step}. **\`${scope}\`** (${sensitivity}). ${(shot ?? "Show where the add-on uses it.").replaceAll("{name}", name)}`);
    step += 1;
  }
  lines.push(
    `${step}. **Removal.** Extensions › Add-ons › Manage add-ons › ${name} › Uninstall; the results sheets stay, ` +
      "as the privacy policy says.",
    "",
    "Keep the API key out of the picture: type it off screen or blur it.",
    "",
  );
  return lines.join("\n");
}
