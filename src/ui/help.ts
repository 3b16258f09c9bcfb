// This file defines the menu's Help: a small dialog linking to the listing's support page, since Apps Script cannot open a browser tab
// from the server. It reads no properties and fetches nothing, so it works whatever the add-on's state.
import { showModalDialog } from "../gas/spreadsheet-ui";
import { ADDON_NAME, SUPPORT_URL } from "./build-defaults";
import { dialogPage } from "./dialog-page";
import { escapeHtml } from "./html-escape";

const STYLE =
  "a.open{display:inline-block;margin:4px 0 12px;padding:8px 16px;border-radius:4px;" +
  "background:#1a73e8;color:#fff;text-decoration:none;font-weight:500}" +
  "a.open:focus-visible{outline:2px solid #174ea6;outline-offset:2px}.hint{font-size:13px;color:#5f6368;margin:0}";

/** The dialog's page: the support link, and where the self-check is (self-contained, nothing fetched). */
function helpHtml(supportUrl: string = SUPPORT_URL, name: string = ADDON_NAME): string {
  const url = escapeHtml(supportUrl);
  return dialogPage(
    STYLE,
    `<p>The support page answers common questions, says what each message means and how to reach us.</p>` +
      `<a class="open" id="open" href="${url}" target="_blank" rel="noopener">Open the support page</a>` +
      `<p class="hint">Something not working in this spreadsheet? Extensions › ${escapeHtml(name)} › Check this spreadsheet tests it ` +
      "and says what it found.</p>" +
      // A click opens the page (a user's gesture, so no pop-up blocker) and closes the dialog.
      `<script>document.getElementById("open").addEventListener("click",function(e){` +
      `e.preventDefault();window.open(this.href,"_blank","noopener");google.script.host.close()})</script>`,
  );
}

export function showHelp(): void {
  showModalDialog(helpHtml(), `${ADDON_NAME} help`, { width: 420, height: 190 });
}
