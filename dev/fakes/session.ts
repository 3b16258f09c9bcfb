// This file defines the Session fake (https://developers.google.com/apps-script/reference/base/session).
// "If security policies do not allow access to the user's identity, User.getEmail() returns a
// blank string": custom functions run anonymously and an add-on's onOpen in AuthMode.NONE has
// no identity, so both see "".
import { createHash } from "node:crypto";
import type { ServiceEnv } from "./env";

export interface SessionOptions {
  timeZone: string;
  ownerEmail: string;
  scriptId: string;
  locale: string;
}

function user(email: string) {
  return { getEmail: () => email, toString: () => email };
}

export function createSession(env: ServiceEnv, options: SessionOptions) {
  const anonymous = () => env.exec.authMode === "CUSTOM_FUNCTION" || env.exec.authMode === "NONE";
  return {
    getActiveUser() {
      env.exec.enter();
      return user(anonymous() ? "" : env.exec.user);
    },
    /** The user the script runs as: the user at the keyboard here (no web-app "execute as me"). */
    getEffectiveUser() {
      env.exec.enter();
      return user(anonymous() ? "" : env.exec.user);
    },
    /** "A temporary key that is unique to the active user, script and rotated every 30 days." */
    getTemporaryActiveUserKey(): string {
      env.exec.enter();
      const period = Math.floor(env.clock.now() / (30 * 24 * 60 * 60 * 1000));
      return createHash("sha256").update(`${options.scriptId}|${env.exec.user}|${period}`).digest("base64url").slice(0, 43);
    },
    getScriptTimeZone(): string {
      env.exec.enter();
      return options.timeZone;
    },
    getActiveUserLocale(): string {
      env.exec.enter();
      return options.locale;
    },
  };
}
