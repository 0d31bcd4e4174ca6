import { ErrorCode, type ValidationFailure } from '@solar/contract';
import { AppError } from '../errors/app-error.js';

/**
 * The dotted path of the first string holding a NUL character (PostgreSQL text cannot store
 * one), or null. Walks with an explicit stack: a deeply nested body must not overflow the call
 * stack.
 */
export function pathOfNulCharacter(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return next.path;
    } else if (typeof next.value === 'object' && next.value !== null) {
      for (const [key, child] of Object.entries(next.value)) {
        pending.push({ value: child, path: next.path ? `${next.path}.${key}` : key });
      }
    }
  }
  return null;
}

/** Refuses a request whose params, query or body carry a NUL character: code 4 naming the field. */
export function refuseNulCharacters(input: {
  params: unknown;
  query: unknown;
  body: unknown;
}): void {
  for (const part of [input.params, input.query, input.body]) {
    const path = pathOfNulCharacter(part);
    if (path === null) continue;
    const data: ValidationFailure = {
      fields: [{ field: path, message: 'validation.nulCharacter' }],
    };
    throw new AppError(ErrorCode.validation, undefined, data);
  }
}
