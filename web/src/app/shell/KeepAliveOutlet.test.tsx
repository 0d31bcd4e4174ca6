import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePageActivity } from '../../shared/ui/page-activity';
import { RoutesContext } from '../../shared/routing/RoutesContext';
import { KeepAliveOutlet } from './KeepAliveOutlet';

let navigate: ReturnType<typeof useNavigate> | undefined;

function KeptProbe(): ReactNode {
  const { isActive, forgetKeptPage } = usePageActivity();
  navigate = useNavigate();
  return (
    <button type="button" onClick={() => forgetKeptPage('/kept')}>
      {isActive ? 'kept page active' : 'kept page hidden'}
    </button>
  );
}

const routes = [
  { path: '/kept', titleKey: 'plants', keepAlive: true },
  { path: '/other', titleKey: 'plants' },
  { path: '/third', titleKey: 'plants' },
];

function renderOutlet() {
  render(
    <RoutesContext value={{ routes, tree: [] }}>
      <MemoryRouter initialEntries={['/kept']}>
        <Routes>
          <Route element={<KeepAliveOutlet />}>
            <Route path="/kept" element={<KeptProbe />} />
            <Route path="/other" element={<p>other page</p>} />
            <Route path="/third" element={<p>third page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </RoutesContext>,
  );
}

const go = (path: string) => act(async () => navigate?.(path));

describe('<KeepAliveOutlet>', () => {
  it('keeps a page mounted but inactive while another shows, until it is forgotten', async () => {
    renderOutlet();
    expect(screen.getByText('kept page active')).toBeVisible();

    await go('/other');
    expect(screen.getByText('other page')).toBeVisible();
    const hidden = screen.getByText('kept page hidden');
    expect(hidden).not.toBeVisible();

    await act(async () => hidden.click());
    await go('/third');
    expect(screen.getByText('third page')).toBeVisible();
    expect(screen.queryByText(/kept page/)).toBeNull();
  });
});
