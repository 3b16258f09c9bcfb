// This file defines how text the add-on puts into a dialog's HTML is escaped: sheet and service
// text, and addresses in attributes, must show as text, never as markup.
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
