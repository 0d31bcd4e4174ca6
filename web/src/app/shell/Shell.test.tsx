import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '@testing-library/react';
import { ok } from '../../test/fake-server';
import { navigateTo, profileFor, renderApp } from '../../test/render-app';

const location = () => screen.getByTestId('location').textContent;

const plantRoutes = {
  'GET /api/v1/plants': () => ok({ infos: [], total: 0 }),
  'GET /api/v1/plant/filter': () => ok({ total: 0, statuses: [], plantTypes: [] }),
};

function scrollWindowTo(offset: number): void {
  Object.defineProperty(window, 'scrollY', { value: offset, configurable: true });
  fireEvent.scroll(window);
}

/** Whether NProgress's bar is added to the document from now on. */
function watchForProgressBar(): () => boolean {
  let isShown = false;
  const observer = new MutationObserver((records) => {
    const added = records.flatMap((record) => [...record.addedNodes]);
    isShown ||= added.some((node) => node instanceof Element && node.id === 'nprogress');
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    return isShown;
  };
}

async function openPersonalSettings(): Promise<void> {
  await userEvent.click(await screen.findByTestId('user-menu'));
  await userEvent.click(await screen.findByText('Personal settings'));
  await waitFor(() => expect(location()).toBe('/edit'));
}

// Lazy chunks load slowly when every test file runs at once.
beforeAll(() => configure({ asyncUtilTimeout: 8000 }));

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('kept pages', () => {
  it('come back with their filters and scroll position; other pages start at the top', async () => {
    renderApp({ path: '/plants', held: ['station.view'], routes: plantRoutes });
    const search = await screen.findByPlaceholderText('Search plant name');
    await userEvent.type(search, 'Farm');
    scrollWindowTo(420);

    await openPersonalSettings();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    const menu = document.querySelector<HTMLElement>('.side-menu') as HTMLElement;
    await userEvent.click(within(menu).getByText('Plants'));
    await waitFor(() => expect(location()).toBe('/plants'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 420);
    expect(screen.getByPlaceholderText('Search plant name')).toHaveValue('Farm');
  });
});

describe('side menu', () => {
  it('opens the group of a page reached by a link while that group was closed', async () => {
    renderApp({
      path: '/enterprise/company',
      held: ['company.management', 'company.info', 'user.producer', 'customer.list.view'],
      routes: { 'GET /api/v1/customers': () => ok({ infos: [], total: 0 }) },
    });
    const menu = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.side-menu');
      if (!element) throw new Error('no menu yet');
      return element;
    });
    await within(menu).findByText('Company information');
    expect(within(menu).queryByText('Customer list')).toBeNull();

    await navigateTo('/customer/list');
    await waitFor(() => expect(location()).toBe('/customer/list'));
    await within(menu).findByText('Customer list');
    const selected = menu.querySelector('.ant-menu-item-selected');
    expect(selected?.textContent).toBe('Customer list');
  });
});

describe('navigation', () => {
  it('runs the progress bar on every change of page, also to a page already loaded', async () => {
    renderApp({ path: '/plants', held: ['station.view'], routes: plantRoutes });
    await screen.findByPlaceholderText('Search plant name');
    await openPersonalSettings();
    await waitFor(() => expect(document.getElementById('nprogress')).toBeNull());

    // Watched, not looked at after: on a busy machine the bar may be gone by the time we look.
    const isBarShown = watchForProgressBar();
    await navigateTo('/plants');
    expect(isBarShown()).toBe(true);
    await waitFor(() => expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false'));
  });
});

describe('personal settings', () => {
  it('sends a read-only user away from /edit', async () => {
    renderApp({
      path: '/edit',
      held: ['station.view'],
      routes: {
        ...plantRoutes,
        'GET /api/v1/user': () => ok({ ...profileFor('Rita Readonly'), readOnly: true }),
      },
    });
    // Sent home, where users land: the dashboard.
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });
});
