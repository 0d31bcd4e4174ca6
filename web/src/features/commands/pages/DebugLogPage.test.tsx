import { listDebugLog } from '@solar/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { commandRecord as command } from '../command-record.fixtures';
import DebugLogPage from './DebugLogPage';

describe('<DebugLogPage>', () => {
  it('shows the raw request and the raw reply', async () => {
    renderPage(<DebugLogPage />, {
      held: ['equip.view'],
      routes: answer(listDebugLog, {
        infos: [command({ name: 'raw', args: { payload: 'AT+VER' }, result: { reply: 'OK 1.2' } })],
        total: 1,
      }),
    });
    expect(await screen.findByText('AT+VER')).toBeInTheDocument();
    expect(screen.getByText('OK 1.2')).toBeInTheDocument();
  });
});
