import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../test/fake-server';
import { navigateTo, renderApp } from '../../../test/render-app';

const pageBackground = () =>
  document.documentElement.style.getPropertyValue('--page-background').trim();

async function openAppearance(routes = {}) {
  const app = renderApp({
    path: '/edit',
    held: ['station.view'],
    routes: {
      'GET /api/v1/plants': () => ok({ infos: [], total: 0 }),
      'GET /api/v1/plant/filter': () => ok({ total: 0, statuses: [], plantTypes: [] }),
      ...routes,
    },
  });
  await userEvent.click(await screen.findByRole('tab', { name: 'Appearance' }));
  await userEvent.click(await screen.findByTestId('dark-mode-switch'));
  expect(pageBackground()).toBe('#252527');
  return app;
}

beforeAll(() => configure({ asyncUtilTimeout: 8000 }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('<AppearanceForm>', () => {
  it('puts the look back when the user leaves without saving', async () => {
    await openAppearance();
    await navigateTo('/plants');
    await waitFor(() => expect(pageBackground()).toBe('#ffffff'));
    expect(localStorage.getItem('styleType')).toBe('0');
  });

  it('sends only what changed and keeps the saved look', async () => {
    const { server } = await openAppearance({
      'POST /api/v1/user/personalized': () => ok({ themeColor: '#E85C0B', styleType: 1 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.url === '/api/v1/user/personalized')).toBe(true),
    );
    const saved = server.requests.find((r) => r.url === '/api/v1/user/personalized');
    expect(saved?.body).toBe('styleType=1');
    await navigateTo('/plants');
    expect(pageBackground()).toBe('#252527');
    expect(localStorage.getItem('styleType')).toBe('1');
  });
});
