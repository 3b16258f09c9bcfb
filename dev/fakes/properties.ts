// This file defines the PropertiesService fake: user, document and script stores that persist
// across executions, with the documented limits (https://developers.google.com/apps-script/guides/services/quotas):
// 9 KB per value, 500 KB per store, and the daily properties read/write quota.
import { ALLOWED } from "./auth";
import { enterCall, utf8Bytes, type ServiceEnv } from "./env";

export const VALUE_LIMIT_BYTES = 9 * 1024;
export const STORE_LIMIT_BYTES = 500 * 1024;

/** The persistent data behind PropertiesService: it outlives every execution. */
export class PropertyStores {
  readonly script = new Map<string, string>();
  private readonly users = new Map<string, Map<string, string>>();
  private readonly documents = new Map<string, Map<string, string>>();

  /** `primaryDocumentId`: the document `document` means (the runtime's first spreadsheet). */
  constructor(private readonly primaryDocumentId = "primary") {}

  /** The primary document's store. */
  get document(): Map<string, string> {
    return this.forDocument(this.primaryDocumentId);
  }

  /** Each spreadsheet has its own document properties. */
  forDocument(id: string): Map<string, string> {
    let store = this.documents.get(id);
    if (store === undefined) {
      store = new Map();
      this.documents.set(id, store);
    }
    return store;
  }

  user(email: string): Map<string, string> {
    let store = this.users.get(email);
    if (store === undefined) {
      store = new Map();
      this.users.set(email, store);
    }
    return store;
  }
}

type StoreName = "user" | "document" | "script";

/** Apps Script passes values through Java strings: numbers and booleans arrive as their text. */
function stringify(env: ServiceEnv, value: unknown, what: "key" | "value"): string {
  if (value === null || value === undefined) throw env.exec.error(`Invalid argument: ${what}`);
  return String(value);
}

function storeBytes(store: Map<string, string>): number {
  let total = 0;
  for (const [key, value] of store) total += utf8Bytes(key) + utf8Bytes(value);
  return total;
}

export class FakeProperties implements GoogleAppsScript.Properties.Properties {
  constructor(
    private readonly env: ServiceEnv,
    private readonly store: Map<string, string>,
    private readonly name: StoreName,
    /** Custom functions read the owner's user store but "editors can't set user properties". */
    private readonly readOnly: boolean,
  ) {}

  private enter(method: string, write: boolean): void {
    enterCall(this.env, ALLOWED.properties(this.env.exec.authMode), `PropertiesService.get${this.storeTitle()}Properties`);
    if (write && this.readOnly) throw this.env.exec.error(`You do not have permission to call ${method}`);
    const quotaError = this.env.quotas.charge("properties", this.env.exec.user);
    if (quotaError !== undefined) throw this.env.exec.error(quotaError);
    if (this.env.counters) this.env.counters.propertiesCalls += 1;
  }

  private storeTitle(): string {
    return this.name === "user" ? "User" : this.name === "document" ? "Document" : "Script";
  }

  getProperty(key: string): string | null {
    this.enter("getProperty", false);
    return this.store.get(stringify(this.env, key, "key")) ?? null;
  }

  getProperties(): { [key: string]: string } {
    this.enter("getProperties", false);
    return Object.fromEntries(this.store);
  }

  getKeys(): string[] {
    this.enter("getKeys", false);
    return [...this.store.keys()];
  }

  setProperty(key: string, value: string): FakeProperties {
    this.enter("setProperty", true);
    this.write([[stringify(this.env, key, "key"), stringify(this.env, value, "value")]], false);
    return this;
  }

  setProperties(properties: { [key: string]: string }, deleteAllOthers?: boolean): FakeProperties {
    this.enter("setProperties", true);
    if (typeof properties !== "object" || properties === null) throw this.env.exec.error("Invalid argument: properties");
    const entries = Object.keys(properties).map((key): [string, string] => [key, stringify(this.env, properties[key], "value")]);
    this.write(entries, deleteAllOthers === true);
    return this;
  }

  deleteProperty(key: string): FakeProperties {
    this.enter("deleteProperty", true);
    this.store.delete(stringify(this.env, key, "key"));
    return this;
  }

  deleteAllProperties(): FakeProperties {
    this.enter("deleteAllProperties", true);
    this.store.clear();
    return this;
  }

  /** All or nothing: a too-large value or a full store changes nothing. */
  private write(entries: [string, string][], deleteAllOthers: boolean): void {
    if (entries.some(([key]) => key === "")) throw this.env.exec.error("Invalid argument: key");
    if (entries.some(([, value]) => utf8Bytes(value) > VALUE_LIMIT_BYTES)) throw this.env.exec.error("Argument too large: value");
    const next = new Map(deleteAllOthers ? [] : this.store);
    for (const [key, value] of entries) next.set(key, value);
    if (storeBytes(next) > STORE_LIMIT_BYTES) {
      throw this.env.exec.error("You have exceeded the property storage quota. Please remove some properties and try again.");
    }
    this.store.clear();
    for (const [key, value] of next) this.store.set(key, value);
  }
}

export interface PropertiesOptions {
  /** The spreadsheet owner: custom functions read this user's store. */
  ownerEmail: string;
}

export function createPropertiesService(env: ServiceEnv, stores: PropertyStores, options: PropertiesOptions) {
  const customFunction = env.exec.authMode === "CUSTOM_FUNCTION";
  return {
    getUserProperties(): FakeProperties {
      enterCall(env, ALLOWED.properties(env.exec.authMode), "PropertiesService.getUserProperties");
      // Custom functions run anonymously: the store they see is the owner's, read-only for editors.
      const email = customFunction ? options.ownerEmail : env.exec.user;
      const readOnly = customFunction && env.exec.user !== options.ownerEmail;
      return new FakeProperties(env, stores.user(email), "user", readOnly);
    },
    /** The current document's store; null where the execution has no current document (Google's reference). */
    getDocumentProperties(): FakeProperties {
      enterCall(env, ALLOWED.properties(env.exec.authMode), "PropertiesService.getDocumentProperties");
      const documentId = env.exec.documentId;
      // Typed as @types/google-apps-script types it (never null), though Google returns null here.
      return (documentId === null ? null : new FakeProperties(env, stores.forDocument(documentId), "document", false)) as FakeProperties;
    },
    getScriptProperties(): FakeProperties {
      enterCall(env, ALLOWED.properties(env.exec.authMode), "PropertiesService.getScriptProperties");
      return new FakeProperties(env, stores.script, "script", false);
    },
  };
}
