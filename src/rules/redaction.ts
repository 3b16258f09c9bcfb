// This file defines how the API key is kept out of any text the add-on shows or logs: every
// occurrence becomes one mark, the same in an error's detail, a user's message and the self-check.

/** What stands for the key where a text quoted it. */
export const REDACTED = "[redacted]";

/** `text` with every occurrence of `secret` replaced by REDACTED; unchanged when there is no secret. */
export const redact = (text: string, secret: string | null | undefined): string => (secret ? text.split(secret).join(REDACTED) : text);
