import { expect } from 'vitest';
import { UserError } from '../../src/core/errors.js';

/** The message of the UserError `f` throws (fails the test if it throws anything else, or nothing). */
export function errorOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a UserError');
}
