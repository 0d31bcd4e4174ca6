import { describe, expect, it } from 'vitest';
import { adoptUserFromQuery, readStoredUser } from './storage';

const user = JSON.stringify({ access_token: 'a', refresh_token: 'r' });

describe('adoptUserFromQuery', () => {
  it('stores a user object from the query on screens under 500 px', () => {
    expect(adoptUserFromQuery(`?user=${encodeURIComponent(user)}`, 390)).toBe(true);
    expect(readStoredUser()).toEqual({ access_token: 'a', refresh_token: 'r' });
  });

  it('ignores it on wider screens and when it is not a token object', () => {
    expect(adoptUserFromQuery(`?user=${encodeURIComponent(user)}`, 500)).toBe(false);
    expect(adoptUserFromQuery('?user=%7B%22x%22%3A1%7D', 390)).toBe(false);
    expect(adoptUserFromQuery('?user=not-json', 390)).toBe(false);
    expect(readStoredUser()).toBeNull();
  });
});
