import {
  enableTotp,
  ErrorCode,
  getProfile,
  secondFactorStatus,
  startTotpSetup,
} from '@solar/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { answer } from '../../test/fake-endpoints';
import { business } from '../../test/fake-server';
import { profileFor, renderApp } from '../../test/render-app';

const COMPANY_INFO_ONLY = ['company.management', 'company.info'];
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Solar?secret=JBSWY3DPEHPK3PXP',
};

// Lazy chunks load slowly when every test file runs at once.
beforeAll(() => configure({ asyncUtilTimeout: 8000 }));

const ui = {
  title: () => screen.findByRole('heading', { name: 'Set up two-step verification to continue' }),
  companyReason: () => screen.findByText(/Your company requires two-step verification/),
  menu: () => document.querySelector('.side-menu'),
};

/** A session whose profile says it must enrol, until the authenticator is turned on. */
function renderMustEnrol() {
  let isEnrolled = false;
  const { server } = renderApp({
    path: '/enterprise/company',
    held: COMPANY_INFO_ONLY,
    routes: {
      ...answer(getProfile, () => ({
        ...profileFor('Sam Staff'),
        mustEnrolSecondFactor: !isEnrolled,
      })),
      ...answer(secondFactorStatus, () => ({
        totp: isEnrolled,
        recoveryCodesLeft: isEnrolled ? 10 : 0,
        passkeys: [],
      })),
      ...answer(startTotpSetup, SETUP),
      ...answer(enableTotp, () => {
        isEnrolled = true;
        return { recoveryCodes: ['AAAAA-BBBBB'] };
      }),
    },
  });
  return server;
}

describe('an account that must set up a second factor', () => {
  it('sees why and the set-up instead of the portal, and the portal once it is on', async () => {
    renderMustEnrol();
    expect(await ui.title()).toBeInTheDocument();
    expect(await ui.companyReason()).toBeInTheDocument();
    expect(ui.menu()).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Set up' }));
    await userEvent.type(await screen.findByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('AAAAA-BBBBB')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(ui.menu()).not.toBeNull());
    expect(screen.queryByRole('heading', { name: /Set up two-step verification/ })).toBeNull();
  });

  it('is told a platform administrator always needs one', async () => {
    const admin = profileFor('Ada Admin');
    admin.userid.kind = 'platform_admin';
    renderApp({
      path: '/',
      held: COMPANY_INFO_ONLY,
      routes: {
        ...answer(getProfile, { ...admin, mustEnrolSecondFactor: true }),
        ...answer(secondFactorStatus, { totp: false, recoveryCodesLeft: 0, passkeys: [] }),
      },
    });
    expect(await screen.findByText(/Platform administrator accounts require/)).toBeInTheDocument();
  });

  it('is sent to the set-up when a call answers 113 during the session', async () => {
    let isRequired = false;
    renderApp({
      path: '/enterprise/company',
      held: COMPANY_INFO_ONLY,
      routes: {
        ...answer(getProfile, () => ({
          ...profileFor('Sam Staff'),
          mustEnrolSecondFactor: isRequired,
        })),
        ...answer(secondFactorStatus, { totp: false, recoveryCodesLeft: 0, passkeys: [] }),
        'GET /api/v1/company': () => {
          isRequired = true;
          return business(ErrorCode.secondFactorEnrolmentRequired);
        },
      },
    });
    expect(await ui.title()).toBeInTheDocument();
  });
});
