import { afterEach, describe, expect, it } from 'vitest';
import { adoptUserFromQuery, readStoredUser } from './storage';

const user = JSON.stringify({ access_token: 'a', refresh_token: 'r' });
const userQuery = `user=${encodeURIComponent(user)}`;

function openPage(url: string): void {
  window.history.replaceState(null, '', url);
}

describe('adoptUserFromQuery', () => {
  afterEach(() => openPage('/'));

  it('stores a user object from the query on screens under 500 px', () => {
    expect(adoptUserFromQuery(`?${userQuery}`, 390)).toBe(true);
    expect(readStoredUser()).toEqual({ access_token: 'a', refresh_token: 'r' });
  });

  it('then drops the token from the address bar, keeping the rest of the address', () => {
    openPage(`/plants?tab=alarms&${userQuery}&page=2#top`);
    const historyLength = window.history.length;
    adoptUserFromQuery(window.location.search, 390);
    expect(window.location.pathname).toBe('/plants');
    expect(window.location.search).toBe('?tab=alarms&page=2');
    expect(window.location.hash).toBe('#top');
    expect(window.history.length).toBe(historyLength);
  });

  it('ignores it on wider screens and when it is not a token object', () => {
    openPage(`/plants?${userQuery}`);
    expect(adoptUserFromQuery(window.location.search, 500)).toBe(false);
    expect(window.location.search).toBe(`?${userQuery}`);
    expect(adoptUserFromQuery('?user=%7B%22x%22%3A1%7D', 390)).toBe(false);
    expect(adoptUserFromQuery('?user=not-json', 390)).toBe(false);
    expect(readStoredUser()).toBeNull();
  });
});
