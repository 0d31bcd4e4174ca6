import { describe, expect, it } from 'vitest';
import { FailureWindow } from './failure-window.js';

const MINUTE = 60_000;
const stays = () => false;

/** Whether the promise has settled after the pending microtasks ran. */
async function isDone(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('FailureWindow reservations', () => {
  it('lets an attempt wait for a pending one and take the count it gives back', async () => {
    const window = new FailureWindow(1, MINUTE);
    expect(await window.reserve('k', stays)).toBe(true);
    const waiting = window.reserve('k', stays);
    expect(await isDone(waiting)).toBe(false);
    window.settle('k', false);
    expect(await waiting).toBe(true);
  });

  it('refuses the waiting attempts once the pending ones failed', async () => {
    const window = new FailureWindow(1, MINUTE);
    expect(await window.reserve('k', stays)).toBe(true);
    const waiting = [window.reserve('k', stays), window.reserve('k', stays)];
    window.settle('k', true);
    expect(await Promise.all(waiting)).toEqual([false, false]);
    expect(await window.reserve('k', stays)).toBe(false);
  });

  it('drops a waiting attempt whose client has gone without counting it', async () => {
    const window = new FailureWindow(1, MINUTE);
    let gone = false;
    expect(await window.reserve('k', stays)).toBe(true);
    const waiting = window.reserve('k', () => gone);
    gone = true;
    window.settle('k', false);
    expect(await waiting).toBe(false);
    expect(await window.reserve('k', stays)).toBe(true);
  });

  it('is exhausted by decided failures only', async () => {
    const window = new FailureWindow(2, MINUTE);
    expect(window.take('k')).toBe(true);
    expect(await window.reserve('k', stays)).toBe(true);
    expect(window.isExhausted('k')).toBe(false);
    window.settle('k', true);
    expect(window.isExhausted('k')).toBe(true);
  });

  it('keeps pending attempts counted into the next window', async () => {
    const window = new FailureWindow(1, 1);
    expect(await window.reserve('k', stays)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(window.take('k')).toBe(false);
    window.settle('k', false);
    expect(window.take('k')).toBe(true);
  });
});
