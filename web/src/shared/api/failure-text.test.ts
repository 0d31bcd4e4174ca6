import { ErrorCode } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_FAILURE } from './api-error';
import { failureText } from './failure-text';

describe('failureText', () => {
  it("shows the code's catalogue text in the page's language, not the server's msg", () => {
    const error = new ApiError(ErrorCode.deviceOffline, 'the server wording');
    expect(failureText(error, 'fallback')).toBe('The device is offline');
  });

  it('falls back for a failure without a catalogue code', () => {
    expect(failureText(new ApiError(TRANSPORT_FAILURE.network, ''), 'fallback')).toBe('fallback');
    expect(failureText(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
