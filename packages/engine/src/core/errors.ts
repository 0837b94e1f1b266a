/**
 * Errors at the edges are values: a code from a closed vocabulary and a message that says
 * what was wrong and, where it helps, what would be right. The rules core never throws on
 * user input; parsers and validators return a `Result`.
 */
export const ERROR_CODES = [
  'ERR_UNKNOWN_RULESET',
  'ERR_OPTION',
  'ERR_POSITION',
  'ERR_MOVE_SYNTAX',
  'ERR_ILLEGAL_MOVE',
  'ERR_GAME_OVER',
  'ERR_RECORD',
  'ERR_ARGUMENT',
  'ERR_PROTOCOL',
  'ERR_NOT_FOUND',
  'ERR_CONFLICT',
  'ERR_TOO_LARGE',
  'ERR_QUEUE',
  'ERR_VERSION',
  'ERR_INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class GabataError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Where in the input the problem is (a field name, a token, a character offset). */
    readonly where?: string,
  ) {
    // A message re-wrapped with its own `where` already ends with ' (at where)': said once.
    super(where === undefined || message.endsWith(` (at ${where})`) ? message : `${message} (at ${where})`);
    this.name = 'GabataError';
  }
  toJSON(): { code: ErrorCode; message: string; where?: string } {
    return this.where === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, where: this.where };
  }
}

export type Result<T, E = GabataError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = (code: ErrorCode, message: string, where?: string): Result<never> => ({
  ok: false,
  error: new GabataError(code, message, where),
});

/** Any thrown value as a GabataError: itself, or ERR_INTERNAL with its message. */
export const asGabataError = (e: unknown): GabataError =>
  e instanceof GabataError ? e : new GabataError('ERR_INTERNAL', e instanceof Error ? e.message : String(e));

/** Unwraps a result, throwing its error: for callers (CLI, tests) that stop at the first error. */
export function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw r.error;
  return r.value;
}
