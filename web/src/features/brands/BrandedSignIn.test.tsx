import { currentBrand } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../test/fake-endpoints';
import { renderApp } from '../../test/render-app';

describe('white-label sign-in', () => {
  it("shows the brand's name, sign-in title, footer and colour when the server names a brand", async () => {
    const { server } = renderApp({
      path: '/login',
      routes: answer(currentBrand, {
        key: 'sunny',
        name: 'Sunny Power',
        primaryColor: '#AA5500',
        logoUrl: null,
        signInTitle: 'Welcome to Sunny',
        footerText: 'Sunny Power Ltd',
      }),
    });
    expect(await screen.findByText('Sunny Power')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Welcome to Sunny' })).toBeVisible();
    expect(screen.getByText('Sunny Power Ltd')).toBeVisible();
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--theme-color')).toBe('#AA5500'),
    );
    const [request] = requestsTo(server.requests, currentBrand);
    expect(request?.headers['X-Source']).toBe('web');
    expect(request?.url).toContain('lan=en');
  });
});
