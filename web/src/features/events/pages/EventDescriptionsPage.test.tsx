import { listEventDescriptions, type EventDescription } from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import EventDescriptionsPage from './EventDescriptionsPage';

const fan: EventDescription = {
  code: '302',
  level: 'W',
  description: 'Fan failure',
  suggestion: 'Check the fan for blockage.',
  texts: {
    en: { text: 'Fan failure', suggestion: 'Check the fan for blockage.' },
    fi: { text: 'Tuuletinvika', suggestion: 'Tarkista tuuletin.' },
  },
};

function renderDescriptions() {
  return renderPage(<EventDescriptionsPage />, {
    held: ['event.view'],
    routes: { ...answer(listEventDescriptions, { infos: [fan], total: 1 }) },
  });
}

describe('<EventDescriptionsPage>', () => {
  it('lists codes with their level letter and texts, and every language on expanding', async () => {
    renderDescriptions();
    const row = (await screen.findByText('Fan failure')).closest('tr') as HTMLElement;
    expect(within(row).getByText('302')).toBeInTheDocument();
    expect(within(row).getByText(/W · Warning/)).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText(/Tuuletinvika/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Events/ })).toHaveAttribute('href', '/device/event');
  });

  it('sends only digits as a code filter', async () => {
    const { server } = renderDescriptions();
    await screen.findByText('Fan failure');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Code' }), '30{Enter}');
    await waitFor(() =>
      expect(requestsTo(server.requests, listEventDescriptions).at(-1)?.url).toContain('code=30'),
    );
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Code' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Code' }), 'abc{Enter}');
    await screen.findByText('Fan failure');
    expect(
      requestsTo(server.requests, listEventDescriptions).filter((r) => r.url.includes('abc')),
    ).toEqual([]);
  });
});
