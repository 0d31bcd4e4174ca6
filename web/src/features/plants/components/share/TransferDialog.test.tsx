import { ErrorCode } from '@solar/contract';
import { errorText } from '../../../../shared/i18n/error-text';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { business, ok } from '../../../../test/fake-server';
import { renderPlants } from '../../test-utils';
import { TransferDialog } from './TransferDialog';

async function transfer(account: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New owner account (e-mail)'), account);
  await user.click(screen.getByRole('button', { name: 'Transfer' }));
}

describe('<TransferDialog>', () => {
  it('refuses an invalid e-mail before calling the server', async () => {
    const { server } = renderPlants(
      <TransferDialog plantId={5} plantName="Sunny Farm" open onClose={() => undefined} />,
      { held: ['station.transfer'] },
    );
    await transfer('not-an-email');
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it.each([ErrorCode.accountNotRegistered, ErrorCode.shareWithSelf, ErrorCode.shareToCompanyUser])(
    'shows the message of tolerated code %i',
    async (code) => {
      renderPlants(
        <TransferDialog plantId={5} plantName="Sunny Farm" open onClose={() => undefined} />,
        {
          held: ['station.transfer'],
          routes: { 'POST /api/v1/plant/5/transfer': () => business(code) },
        },
      );
      await transfer('new@example.com');
      await waitFor(() => expect(screen.getByText(errorText(code))).toBeInTheDocument());
    },
  );

  it('closes after a successful transfer', async () => {
    let isClosed = false;
    renderPlants(
      <TransferDialog plantId={5} plantName="Sunny Farm" open onClose={() => (isClosed = true)} />,
      { held: ['station.transfer'], routes: { 'POST /api/v1/plant/5/transfer': () => ok(null) } },
    );
    await transfer('new@example.com');
    await waitFor(() => expect(isClosed).toBe(true));
  });
});
