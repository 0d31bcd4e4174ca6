import { ErrorCode } from '@solar/contract';
import { errorText } from '../../../../shared/i18n/error-text';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { business, ok } from '../../../../test/fake-server';
import { renderPlants } from '../../test-utils';
import { ShareDialog } from './ShareDialog';

const shareUsers = {
  infos: [
    {
      userId: 3,
      account: 'friend@example.com',
      nickname: 'Friend',
      role: 'visitor',
      sharedAt: '2026-01-01T00:00:00Z',
    },
  ],
  total: 1,
};

async function share(account: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Account (e-mail)'), account);
  await user.click(screen.getByRole('button', { name: 'Share' }));
}

describe('<ShareDialog>', () => {
  it('lists the accounts the plant is shared with', async () => {
    renderPlants(<ShareDialog plantId={5} open onClose={() => undefined} />, {
      held: ['station.share'],
      routes: { 'GET /api/v1/plant/5/getShareUsers': () => ok(shareUsers) },
    });
    expect(await screen.findByText('friend@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop sharing' })).toBeInTheDocument();
  });

  it.each([
    ErrorCode.noPermission,
    ErrorCode.accountNotRegistered,
    ErrorCode.shareWithSelf,
    ErrorCode.shareToCompanyUser,
    ErrorCode.shareCompanyPlant,
  ])('shows the message of tolerated code %i beside the form', async (code) => {
    renderPlants(<ShareDialog plantId={5} open onClose={() => undefined} />, {
      held: ['station.share'],
      routes: {
        'GET /api/v1/plant/5/getShareUsers': () => ok({ infos: [], total: 0 }),
        'POST /api/v1/plant/5/share': () => business(code),
      },
    });
    await share('someone@example.com');
    await waitFor(() => expect(screen.getByText(errorText(code))).toBeInTheDocument());
  });

  it('sends the account and role', async () => {
    const { server } = renderPlants(<ShareDialog plantId={5} open onClose={() => undefined} />, {
      held: ['station.share'],
      routes: {
        'GET /api/v1/plant/5/getShareUsers': () => ok({ infos: [], total: 0 }),
        'POST /api/v1/plant/5/share': () => ok(null),
      },
    });
    await share('someone@example.com');
    await waitFor(() => {
      const request = server.requests.find((entry) => entry.method === 'POST');
      expect(request?.body).toBe('account=someone%40example.com&role=visitor');
    });
  });
});
