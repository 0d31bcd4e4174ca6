import { describe, expect, it } from 'vitest';
import { isTransientStorageError } from './storage-errors.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isTransientStorageError', () => {
  it.each([
    ['a deadlock', withCode('40P01')],
    ['a serialization failure', withCode('40001')],
    ['an administrator shutdown', withCode('57P01')],
    ['a lost connection', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['a refused socket', withCode('ECONNREFUSED')],
    ['a broken pipe', withCode('EPIPE')],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
  ])('takes %s as passing', (_, error) => {
    expect(isTransientStorageError(error)).toBe(true);
  });

  it.each([
    ['a check violation', withCode('23514')],
    ['an unstorable text', withCode('22P05')],
    ['a raised exception', withCode('P0001')],
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['a call stack overflow', new RangeError('Maximum call stack size exceeded')],
  ])('takes %s as lasting', (_, error) => {
    expect(isTransientStorageError(error)).toBe(false);
  });
});
