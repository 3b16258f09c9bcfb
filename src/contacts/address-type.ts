// This file defines an address's type (contract, "Contacts you can defend"): `Free mail` at a consumer mailbox provider (HubSpot
// would make a "Gmail" company of it), else `Role` when the part before `@` names a function rather than a person (`info@`, `sales-2@`:
// often a local business's only address, never suppressed for it), else `Named`.

export const ADDRESS_TYPES = ["Named", "Role", "Free mail"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Consumer mailbox providers by their whole domain. */
const FREE_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "msn.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "web.de",
  "t-online.de",
  "freenet.de",
  "posteo.de",
  "proton.me",
  "pm.me",
  "protonmail.com",
  "mail.ru",
  "mail.com",
  "ymail.com",
  "qq.com",
]);
/** Providers with a domain in many countries (`yahoo.co.uk`, `gmx.net`, `hotmail.de`): the name, then a country or generic ending. */
const FREE_MAIL_FAMILIES = /^(yahoo|hotmail|live|gmx|yandex)\.[a-z]{2,3}(\.[a-z]{2})?$/;

/** Parts before `@` that name a function, not a person. */
const ROLE_WORDS = new Set([
  "info",
  "contact",
  "hello",
  "office",
  "sales",
  "support",
  "admin",
  "team",
  "mail",
  "enquiries",
  "inquiries",
  "booking",
  "bookings",
  "reception",
  "service",
  "marketing",
  "billing",
  "accounts",
  "orders",
  "help",
  "jobs",
  "careers",
  "hr",
  "webmaster",
  "noreply",
  "no-reply",
  "kontakt",
  "buero",
  "praxis",
  "post",
  "anfrage",
]);

/** Whether the domain is a consumer mailbox provider's. */
export const isFreeMailDomain = (domain: string): boolean => {
  const host = domain.trim().toLowerCase();
  return FREE_MAIL_DOMAINS.has(host) || FREE_MAIL_FAMILIES.test(host);
};

/** Whether the part before `@` names a function: the whole of it, or its first word, digits and separators around it aside. */
function isRoleLocal(local: string): boolean {
  const whole = local.replace(/\d+/g, "").replace(/^[._+-]+|[._+-]+$/g, "");
  const first = local.split(/[^a-z]+/).find((word) => word !== "") ?? "";
  return ROLE_WORDS.has(whole) || ROLE_WORDS.has(first);
}

export function addressType(address: string): AddressType {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at > 0 && isFreeMailDomain(text.slice(at + 1))) return "Free mail";
  return at > 0 && isRoleLocal(text.slice(0, at)) ? "Role" : "Named";
}
