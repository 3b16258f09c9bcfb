// This file defines when two websites are one business's: equal up to the scheme, a leading
// `www.`, the host's case and a trailing `/` (docs/add-on-surface.md). Enrichment's duplicates
// and matching, a territory's `Same contact as` and Contacts' `Domain` all compare through it.

/** "http://www.CedarCreekVet.com/" and "https://cedarcreekvet.com" → "cedarcreekvet.com"; "" for no website. */
export function websiteKey(website: string): string {
  const text = website
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .replace(/^\/\//, "");
  const end = text.search(/[/?#]/);
  const host = (end < 0 ? text : text.slice(0, end))
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/\.$/, "");
  const tail = (end < 0 ? "" : text.slice(end)).replace(/\/+$/, "");
  return host + tail;
}

/** The host alone, without a port: "https://www.Acme.com:8080/contact" → "acme.com". */
export const websiteDomain = (website: string): string => websiteKey(website).split(/[/?#:]/)[0] ?? "";
