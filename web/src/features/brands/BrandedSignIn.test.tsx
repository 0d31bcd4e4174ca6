import { currentBrand } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../test/fake-endpoints';
import { renderApp } from '../../test/render-app';

/** One brand for every test here: the brand store keeps what it was told per language. */
const SUNNY = {
  key: 'sunny',
  name: 'Sunny Power',
  primaryColor: '#AA5500',
  logoUrl: null,
  faviconUrl: '/anonymous/brand/3/favicon?v=1',
  signInTitle: 'Welcome to Sunny',
  footerText: 'Sunny Power Ltd',
  agreement: 'Sunny keeps your data in the EU.\n\nYou may leave at any time.',
};

describe('white-label sign-in', () => {
  it("shows the brand's name, sign-in title, footer, colour and favicon when the server names a brand", async () => {
    const { server } = renderApp({ path: '/login', routes: answer(currentBrand, SUNNY) });
    expect(await screen.findByText('Sunny Power')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Welcome to Sunny' })).toBeVisible();
    expect(screen.getByText('Sunny Power Ltd')).toBeVisible();
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--theme-color')).toBe('#AA5500'),
    );
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    expect(icon?.getAttribute('href')).toBe(SUNNY.faviconUrl);
    expect(icon?.type).toBe('image/png');
    const [request] = requestsTo(server.requests, currentBrand);
    expect(request?.headers['X-Source']).toBe('web');
    expect(request?.url).toContain('lan=en');
  });

  it("shows the brand's own agreement instead of the portal's", async () => {
    renderApp({ path: '/agreementen', routes: answer(currentBrand, SUNNY) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunny Power' })).toBeVisible();
    expect(screen.getByText('Sunny keeps your data in the EU.')).toBeVisible();
    expect(screen.getByText('You may leave at any time.')).toBeVisible();
    expect(screen.queryByText('User agreement and privacy policy')).toBeNull();
  });
});
