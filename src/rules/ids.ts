// This file defines the form of the service's ids (jobs and businesses are UUIDs), so a mistyped id is refused without a request,
// by the sidebar's arguments and the custom functions alike.

/** A UUID in its usual 8-4-4-4-12 hex form, either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string): boolean => UUID.test(text);
