// This file defines the errors the fakes throw: Apps Script's own `Exception`s (built in the
// realm of the execution's vm context, so `e instanceof Error` holds for the code under test),
// and `ExecutionKilled`, the uncatchable end of an execution (Apps Script's time-out kill).

/** Thrown into the code under test when its execution is killed; `run` reports `killed` anyway. */
export class ExecutionKilled extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ExecutionKilled";
  }
}

/**
 * Builds an Apps Script exception. Apps Script prints its errors as "Exception: <message>", i.e.
 * `name` is "Exception" and `message` holds the text alone.
 */
export function gasException(ErrorCtor: ErrorConstructor, message: string): Error {
  const error = new ErrorCtor(message);
  error.name = "Exception";
  return error;
}
