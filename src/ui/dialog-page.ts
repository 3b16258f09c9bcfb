// This file defines the page every modal dialog of the add-on shows (Help, the self-check's
// report): one self-contained HTML document in the sidebar's font and colours.

/** The page with the dialogs' base style, then `style`, around `body`. */
export function dialogPage(style: string, body: string): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<style>body{font:14px/20px Roboto,system-ui,Arial,sans-serif;color:#202124;margin:0 4px}${style}</style></head>` +
    `<body>${body}</body></html>`
  );
}
