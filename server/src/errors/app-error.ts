import type { ErrorCodeValue } from '@solar/contract';

/**
 * The one error type services throw. It carries a catalogue code; the error handler turns it
 * into the `{code, msg, data}` envelope with the code's text in the caller's language. The
 * `detail` is for developers, never the message: the handler logs it and adds it to `data`.
 */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCodeValue,
    public readonly detail?: string,
    public readonly data: unknown = null,
  ) {
    super(detail ?? `error code ${code}`);
  }
}

/** Thrown when a request needs a valid access token and has none (HTTP 401). */
export class UnauthenticatedError extends Error {
  constructor(reason: string) {
    super(reason);
  }
}
