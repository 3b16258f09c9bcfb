// This file defines how the keyboard leaves the playground's grid: in the grid Tab moves right, as
// in Sheets, so F6 (or Ctrl+Alt+., Sheets' own key for the side panel) moves between the grid and
// the sidebar, both ways, and a skip link, first on the page, goes to the sidebar.

/** F6 or Ctrl+Alt+.: the key that moves to the other region. */
export const isRegionKey = (event: KeyboardEvent): boolean =>
  event.key === "F6" || (event.ctrlKey && event.altKey && (event.key === "." || event.code === "Period"));

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), ' +
  '[tabindex]:not([tabindex="-1"])';

/** Focuses the sidebar's first control that shows (the frame itself while it loads). */
function focusSidebar(frame: HTMLIFrameElement): void {
  frame.focus();
  const inside = frame.contentDocument;
  const first =
    inside === null
      ? undefined
      : Array.from(inside.querySelectorAll<HTMLElement>(FOCUSABLE)).find((element) => element.getClientRects().length > 0);
  first?.focus();
}

/** Wires F6 / Ctrl+Alt+. on the page and in the sidebar (same origin), and the skip link. */
export function wireRegions(frame: HTMLIFrameElement, skipLink: HTMLAnchorElement, focusGrid: () => void): void {
  document.addEventListener("keydown", (event) => {
    if (!isRegionKey(event)) return;
    event.preventDefault();
    focusSidebar(frame);
  });
  skipLink.addEventListener("click", (event) => {
    event.preventDefault();
    focusSidebar(frame);
  });
  const wireFrame = (): void => {
    frame.contentDocument?.addEventListener("keydown", (event) => {
      if (!isRegionKey(event)) return;
      event.preventDefault();
      focusGrid();
    });
  };
  frame.addEventListener("load", wireFrame);
  if (frame.contentDocument?.readyState === "complete") wireFrame();
}
