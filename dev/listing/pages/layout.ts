// This file defines the frame every page of the kit's site shares: one self-contained HTML file
// (styles inline, nothing fetched), the add-on's icon and name, the links between the pages and
// the footer with the publisher and the support address. Text from the config is escaped.
import { escapeHtml } from "../../../src/ui/html-escape";
import type { ListingConfig } from "../config";
import { SITE } from "../kit-files";

export { escapeHtml };

const STYLE =
  `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2933;background:#fff}
  header,main,footer{max-width:860px;margin:0 auto;padding:0 24px}
  header{display:flex;align-items:center;gap:14px;padding-top:20px;padding-bottom:12px;border-bottom:1px solid #e4e7eb;flex-wrap:wrap}
  header ` +
  `.brand{display:flex;align-items:center;gap:12px;text-decoration:none;color:inherit;font-size:20px;font-weight:600;margin-right:auto}
  header img{width:40px;height:40px}
  nav a{margin-left:16px;color:#0b6e5a;text-decoration:none;font-weight:500}
  nav a[aria-current=page]{text-decoration:underline}
  main{padding-top:8px;padding-bottom:40px}
  h1{font-size:30px;line-height:1.25;margin:28px 0 8px}
  h2{font-size:21px;margin:32px 0 8px}
  h3{font-size:17px;margin:20px 0 4px}
  a{color:#0b6e5a}
  .lead{font-size:19px;color:#3e4c59}
  .updated{color:#616e7c;font-size:14px}
  table{border-collapse:collapse;width:100%;margin:8px 0 16px;font-size:15px}
  th,td{border:1px solid #e4e7eb;padding:8px 10px;text-align:left;vertical-align:top}
  th{background:#f5f7fa}
  figure{margin:24px 0}
  figure img{width:100%;height:auto;border:1px solid #e4e7eb}
  figcaption{color:#616e7c;font-size:14px;margin-top:6px}
  code{background:#f5f7fa;padding:1px 4px;border-radius:3px;font-size:14px}
  .callout{background:#effcf6;border-left:4px solid #0b6e5a;padding:10px 14px;margin:16px 0}
  footer{border-top:1px solid #e4e7eb;padding-top:16px;padding-bottom:32px;color:#616e7c;font-size:14px}
  footer a{margin-right:16px}
`;

type PageKey = keyof typeof SITE.pages;

const NAV: ReadonlyArray<{ key: PageKey; label: string }> = [
  { key: "home", label: "Home" },
  { key: "support", label: "Support" },
  { key: "privacy", label: "Privacy" },
  { key: "terms", label: "Terms" },
];

/** A whole page: `body` is HTML already escaped where it quotes the config. */
export function page(config: ListingConfig, key: PageKey, title: string, body: string): string {
  const name = escapeHtml(config.name);
  const nav = NAV.map(
    (item) => `<a href="${SITE.pages[item.key]}"${item.key === key ? ' aria-current="page"' : ""}>${item.label}</a>`,
  ).join("");
  const heading = key === "home" ? name : `${escapeHtml(title)} · ${name}`;
  return (
    `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title>
<meta name="description" content="${escapeHtml(config.shortDescription)}">
<style>${STYLE}</style>
</head>
<body>
<header>
<a class="brand" href="${SITE.pages.home}"><img src="icon-128.png" alt="" width="40" height="40">${name}</a>
<nav aria-label="Pages">${nav}</nav>
</header>
<main>
${body}
</main>
<footer>
<p>${name} is published by ${escapeHtml(config.publisher)}. Questions: ` +
    `<a href="mailto:${escapeHtml(config.supportEmail)}">${escapeHtml(config.supportEmail)}</a></p>
<p><a href="${SITE.pages.privacy}">Privacy policy</a><a href="${SITE.pages.terms}">Terms of service</a>` +
    `<a href="${SITE.pages.support}">Support</a></p>
</footer>
</body>
</html>
`
  );
}
