// This file defines the ScriptApp fake: its enums, and installable triggers recorded per user
// with the documented limits: 20 triggers per user per script (quotas page), everyMinutes only
// 1, 5, 10, 15 or 30 (ClockTriggerBuilder reference), and for add-ons "time-driven triggers
// cannot run more frequently than once per hour" and "each add-on can only have one trigger of
// each type, per user, per document" (https://developers.google.com/workspace/add-ons/concepts/editor-triggers).
// The runtime fires due time-driven triggers on the virtual clock (runtime.fireDueTriggers).
import { ALLOWED, AuthMode, SCOPES } from "./auth";
import { enumName, makeEnum } from "./enums";
import { enterCall, type ServiceEnv } from "./env";

export const TriggerSource = makeEnum(["SPREADSHEETS", "CLOCK", "FORMS", "DOCUMENTS", "CALENDAR"] as const);
export const EventType = makeEnum(["CLOCK", "ON_OPEN", "ON_EDIT", "ON_FORM_SUBMIT", "ON_CHANGE", "ON_EVENT_UPDATED"] as const);
export const WeekDay = makeEnum(["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"] as const);
export const AuthorizationStatus = makeEnum(["REQUIRED", "NOT_REQUIRED"] as const);

export type EventTypeName = keyof typeof EventType;
export type TriggerSourceName = keyof typeof TriggerSource;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const MAX_TRIGGERS_PER_USER = 20;
const EVERY_MINUTES = [1, 5, 10, 15, 30];
/** Guess: the values the trigger editor offers; Google's reference names no list for everyHours. */
const EVERY_HOURS = [1, 2, 4, 6, 8, 12];

/** Guess at Google's wording: the rule is documented, the message is not. */
export const ADDON_FREQUENCY_MESSAGE = "Add-ons can only create time-based triggers that run at most once per hour.";

export interface TriggerRecord {
  readonly uid: string;
  readonly handler: string;
  readonly owner: string;
  readonly eventType: EventTypeName;
  readonly source: TriggerSourceName;
  readonly sourceId: string | null;
  /** The spreadsheet the trigger was created in (null: created by an execution without one). */
  readonly documentId: string | null;
  /** What the builder was told, e.g. "everyHours(1)", for assertions. */
  readonly schedule: string;
  /** Time-driven: the recurrence, or null for a one-time trigger (after/at). */
  readonly intervalMs: number | null;
  /** Time-driven: when it fires next; null once a one-time trigger has fired. */
  nextAt: number | null;
  fired: number;
}

/** Every installable trigger of the script, across users; persists across executions. */
export class TriggerTable {
  readonly records: TriggerRecord[] = [];
  private counter = 0;

  nextUid(): string {
    this.counter += 1;
    return String(1_000_000 + this.counter);
  }

  remove(uid: string): boolean {
    const index = this.records.findIndex((r) => r.uid === uid);
    if (index < 0) return false;
    this.records.splice(index, 1);
    return true;
  }

  due(now: number): TriggerRecord[] {
    return this.records
      .filter((r) => r.eventType === "CLOCK" && r.nextAt !== null && r.nextAt <= now)
      .sort((a, b) => (a.nextAt ?? 0) - (b.nextAt ?? 0));
  }
}

export interface ScriptAppOptions {
  installation: "addon" | "bound";
  scriptId: string;
}

export class FakeTrigger {
  constructor(readonly record: TriggerRecord) {}
  getHandlerFunction(): string {
    return this.record.handler;
  }
  getEventType() {
    return EventType[this.record.eventType];
  }
  getTriggerSource() {
    return TriggerSource[this.record.source];
  }
  getTriggerSourceId(): string | null {
    return this.record.sourceId;
  }
  getUniqueId(): string {
    return this.record.uid;
  }
}

interface Draft {
  handler: string;
  eventType: EventTypeName;
  source: TriggerSourceName;
  sourceId: string | null;
  schedule: string;
  intervalMs: number | null;
  firstAt: number | null;
}

type CreateFn = (draft: Draft) => FakeTrigger;

class ClockTriggerBuilder {
  private afterMs: number | undefined;
  private atTime: number | undefined;
  private every: { unit: "minutes" | "hours" | "days" | "weeks"; n: number } | undefined;
  private hour: number | undefined;
  private minute = 0;
  private weekDay: number | undefined;
  private readonly parts: string[] = [];

  constructor(
    private readonly env: ServiceEnv,
    private readonly handler: string,
    private readonly create_: CreateFn,
  ) {}

  private note(part: string): this {
    this.parts.push(part);
    return this;
  }

  private integer(value: unknown, method: string): number {
    const n = Number(value);
    if (!Number.isInteger(n)) throw this.env.exec.error(`Invalid argument: ${method}`);
    return n;
  }

  everyMinutes(n: number): this {
    const minutes = this.integer(n, "everyMinutes");
    if (!EVERY_MINUTES.includes(minutes)) {
      throw this.env.exec.error("The value you passed to everyMinutes was invalid. Accepted values are 1, 5, 10, 15 and 30.");
    }
    this.every = { unit: "minutes", n: minutes };
    return this.note(`everyMinutes(${minutes})`);
  }

  everyHours(n: number): this {
    const hours = this.integer(n, "everyHours");
    if (!EVERY_HOURS.includes(hours)) {
      throw this.env.exec.error("The value you passed to everyHours was invalid. Accepted values are 1, 2, 4, 6, 8 and 12.");
    }
    this.every = { unit: "hours", n: hours };
    return this.note(`everyHours(${hours})`);
  }

  everyDays(n: number): this {
    const days = this.integer(n, "everyDays");
    if (days < 1) throw this.env.exec.error("Invalid argument: everyDays");
    this.every = { unit: "days", n: days };
    return this.note(`everyDays(${days})`);
  }

  everyWeeks(n: number): this {
    const weeks = this.integer(n, "everyWeeks");
    if (weeks < 1) throw this.env.exec.error("Invalid argument: everyWeeks");
    this.every = { unit: "weeks", n: weeks };
    return this.note(`everyWeeks(${weeks})`);
  }

  atHour(hour: number): this {
    const h = this.integer(hour, "atHour");
    if (h < 0 || h > 23) throw this.env.exec.error("Invalid argument: atHour");
    this.hour = h;
    return this.note(`atHour(${h})`);
  }

  nearMinute(minute: number): this {
    const m = this.integer(minute, "nearMinute");
    if (m < 0 || m > 59) throw this.env.exec.error("Invalid argument: nearMinute");
    this.minute = m;
    return this.note(`nearMinute(${m})`);
  }

  onWeekDay(day: unknown): this {
    const name = enumName(day);
    const index = WEEK_DAYS.indexOf(name ?? "");
    if (index < 0) throw this.env.exec.error("Invalid argument: onWeekDay");
    this.weekDay = index;
    return this.note(`onWeekDay(${name ?? ""})`);
  }

  /** Time zones are accepted and ignored: schedules are computed in UTC (a simplification). */
  inTimezone(timezone: string): this {
    return this.note(`inTimezone(${String(timezone)})`);
  }

  after(durationMilliseconds: number): this {
    const ms = this.integer(durationMilliseconds, "after");
    if (ms < 0) throw this.env.exec.error("Invalid argument: after");
    this.afterMs = ms;
    return this.note(`after(${ms})`);
  }

  at(date: unknown): this {
    const time =
      date instanceof Object && typeof (date as { getTime?: unknown }).getTime === "function"
        ? Number((date as { getTime: () => unknown }).getTime())
        : Number.NaN;
    if (!Number.isFinite(time)) throw this.env.exec.error("Invalid argument: at");
    this.atTime = time;
    return this.note(`at(${new Date(time).toISOString()})`);
  }

  create(): FakeTrigger {
    this.env.exec.enter();
    const now = this.env.clock.now();
    const schedule = this.parts.join(".");
    if (this.afterMs !== undefined || this.atTime !== undefined) {
      const firstAt = this.afterMs !== undefined ? now + this.afterMs : (this.atTime ?? now);
      return this.create_({
        handler: this.handler,
        eventType: "CLOCK",
        source: "CLOCK",
        sourceId: null,
        schedule,
        intervalMs: null,
        firstAt,
      });
    }
    const every = this.every ?? (this.hour !== undefined ? { unit: "days" as const, n: 1 } : undefined);
    if (every === undefined) throw this.env.exec.error("Invalid argument: the clock trigger has no schedule");
    const unitMs = { minutes: MINUTE, hours: HOUR, days: DAY, weeks: 7 * DAY }[every.unit];
    const intervalMs = every.n * unitMs;
    const firstAt = every.unit === "minutes" || every.unit === "hours" ? now + intervalMs : this.firstCalendarTime(now);
    return this.create_({ handler: this.handler, eventType: "CLOCK", source: "CLOCK", sourceId: null, schedule, intervalMs, firstAt });
  }

  /** The next UTC time at atHour:nearMinute (on onWeekDay for weekly triggers) after `now`. */
  private firstCalendarTime(now: number): number {
    const start = new Date(now);
    const candidate = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate(), this.hour ?? 0, this.minute);
    let t = candidate;
    while (t <= now || (this.weekDay !== undefined && new Date(t).getUTCDay() !== this.weekDay)) t += DAY;
    return t;
  }
}

const WEEK_DAYS: readonly string[] = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];

class SpreadsheetTriggerBuilder {
  constructor(
    private readonly handler: string,
    private readonly sourceId: string,
    private readonly create_: CreateFn,
  ) {}
  private event: EventTypeName | undefined;
  onOpen(): this {
    this.event = "ON_OPEN";
    return this;
  }
  onEdit(): this {
    this.event = "ON_EDIT";
    return this;
  }
  onChange(): this {
    this.event = "ON_CHANGE";
    return this;
  }
  onFormSubmit(): this {
    this.event = "ON_FORM_SUBMIT";
    return this;
  }
  create(): FakeTrigger {
    const eventType = this.event ?? "ON_OPEN";
    return this.create_({
      handler: this.handler,
      eventType,
      source: "SPREADSHEETS",
      sourceId: this.sourceId,
      schedule: eventType,
      intervalMs: null,
      firstAt: null,
    });
  }
}

function spreadsheetId(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "object" && value !== null && typeof (value as { getId?: unknown }).getId === "function") {
    const id: unknown = (value as { getId: () => unknown }).getId();
    return typeof id === "string" ? id : undefined;
  }
  return undefined;
}

export function createScriptApp(env: ServiceEnv, table: TriggerTable, options: ScriptAppOptions) {
  const enterTriggers = (call: string) => enterCall(env, ALLOWED.triggers(env.exec.authMode), call, SCOPES.scriptApp);
  const mine = () => table.records.filter((r) => r.owner === env.exec.user);

  const create: CreateFn = (draft) => {
    env.exec.enter();
    if (mine().length >= MAX_TRIGGERS_PER_USER) {
      throw env.exec.error("This script has too many triggers. Triggers must be deleted from the script before more can be added.");
    }
    if (options.installation === "addon") {
      if (draft.intervalMs !== null && draft.intervalMs < HOUR) throw env.exec.error(ADDON_FREQUENCY_MESSAGE);
      if (mine().some((r) => r.eventType === draft.eventType && r.documentId === env.exec.documentId)) {
        const kind = draft.eventType === "CLOCK" ? "time-based" : draft.eventType.toLowerCase().replace(/_/g, " ");
        throw env.exec.error(`This add-on has created too many ${kind} triggers in this document for this Google user account.`);
      }
    }
    const record: TriggerRecord = {
      uid: table.nextUid(),
      handler: draft.handler,
      owner: env.exec.user,
      eventType: draft.eventType,
      source: draft.source,
      sourceId: draft.sourceId,
      documentId: env.exec.documentId,
      schedule: draft.schedule,
      intervalMs: draft.intervalMs,
      nextAt: draft.firstAt,
      fired: 0,
    };
    table.records.push(record);
    return new FakeTrigger(record);
  };

  return {
    AuthMode,
    TriggerSource,
    EventType,
    WeekDay,
    AuthorizationStatus,
    getScriptId(): string {
      env.exec.enter();
      return options.scriptId;
    },
    newTrigger(functionName: string) {
      enterTriggers("ScriptApp.newTrigger");
      if (typeof functionName !== "string" || functionName === "") throw env.exec.error("Invalid argument: functionName");
      return {
        timeBased: () => new ClockTriggerBuilder(env, functionName, create),
        forSpreadsheet: (sheet: unknown) => {
          const id = spreadsheetId(sheet);
          if (id === undefined) throw env.exec.error("Invalid argument: spreadsheet");
          return new SpreadsheetTriggerBuilder(functionName, id, create);
        },
      };
    },
    /** "All installable triggers associated with the current project and current user." */
    getProjectTriggers(): FakeTrigger[] {
      enterTriggers("ScriptApp.getProjectTriggers");
      return mine().map((r) => new FakeTrigger(r));
    },
    /** This user's triggers of that document: the clock triggers created in it and its spreadsheet triggers. */
    getUserTriggers(spreadsheet: unknown): FakeTrigger[] {
      enterTriggers("ScriptApp.getUserTriggers");
      const id = spreadsheetId(spreadsheet);
      if (id === undefined) throw env.exec.error("Invalid argument: spreadsheet");
      return mine()
        .filter((r) => r.sourceId === id || (r.sourceId === null && r.documentId === id))
        .map((r) => new FakeTrigger(r));
    },
    deleteTrigger(trigger: unknown): void {
      enterTriggers("ScriptApp.deleteTrigger");
      if (!(trigger instanceof FakeTrigger)) throw env.exec.error("Invalid argument: trigger");
      table.remove(trigger.record.uid);
    },
    getAuthorizationInfo(_authMode: unknown) {
      env.exec.enter();
      return {
        getAuthorizationStatus: () => AuthorizationStatus.NOT_REQUIRED,
        getAuthorizationUrl: () => null,
        getAuthorizedScopes: () => [SCOPES.externalRequest, SCOPES.scriptApp, SCOPES.spreadsheetsCurrentOnly],
      };
    },
  };
}
