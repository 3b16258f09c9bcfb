// This file defines the captured logs: Logger.log and console.* of every execution land in one
// array, so tests can read them (and check that no secret ever appears in them).
import { format } from "node:util";
import type { Execution } from "./execution";

export type LogLevel = "Logger" | "log" | "info" | "warn" | "error" | "debug";

export interface LogEntry {
  executionId: number;
  level: LogLevel;
  message: string;
}

/** Logger.log(format, values…) formats like Java's String.format for %s / %d. */
function loggerMessage(data: unknown, values: unknown[]): string {
  if (values.length === 0) return typeof data === "string" ? data : format("%j", data);
  return format(String(data), ...values);
}

export function createLogger(exec: Execution, logs: LogEntry[]) {
  const logger = {
    log(data: unknown, ...values: unknown[]) {
      exec.enter();
      logs.push({ executionId: exec.id, level: "Logger", message: loggerMessage(data, values) });
      return logger;
    },
    getLog(): string {
      return logs
        .filter((l) => l.executionId === exec.id && l.level === "Logger")
        .map((l) => `${l.message}\n`)
        .join("");
    },
    clear(): void {
      for (let i = logs.length - 1; i >= 0; i--) if (logs[i]?.executionId === exec.id && logs[i]?.level === "Logger") logs.splice(i, 1);
    },
  };
  return logger;
}

export function createConsole(exec: Execution, logs: LogEntry[]) {
  const write =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      logs.push({ executionId: exec.id, level, message: format(...args) });
    };
  return { log: write("log"), info: write("info"), warn: write("warn"), error: write("error"), debug: write("debug") };
}
