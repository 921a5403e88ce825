/**
 * A mistake in what the user gave us (a file, a flag, a field): printed as one line, exit code 2,
 * never with a stack trace. The message names the file, the field and the bad value.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** Quotes a user value for an error message, shortened when long. */
export function quote(value: unknown): string {
  const s = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
