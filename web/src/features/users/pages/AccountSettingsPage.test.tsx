import {
  ErrorCode,
  changePassword,
  checkPassword,
  disableTotp,
  editUser,
  enableTotp,
  getProfile,
  requestSmsCode,
  removePasskey,
  secondFactorStatus,
  setSmsSettings,
  startTotpSetup,
} from '@solar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { answer, refuse, requestsTo } from '../../../test/fake-endpoints';
import type { FakeHandler } from '../../../test/fake-server';
import { profileFor } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import AccountSettingsPage from './AccountSettingsPage';

const profile = profileFor('Sam Staff');

const ui = {
  nickname: () => screen.findByLabelText('Nickname'),
  save: () => screen.getAllByRole('button', { name: 'Save' })[0]!,
  tab: (name: string) => screen.findByRole('tab', { name }),
  smsPhone: () => screen.findByLabelText('Number for alarm texts'),
  smsOptIn: () => screen.findByRole('switch', { name: 'Alarms by text message' }),
  smsCode: () => screen.findByLabelText('Verification code'),
  sendCode: () => screen.findByRole('button', { name: 'Send code' }),
  saveSms: () => screen.getAllByRole('button', { name: 'Save' })[1]!,
};

const NUMBER = '+4915112345678';
const confirmed = { ...profile.userid, smsPhone: NUMBER, smsPhoneVerified: true, smsOptIn: true };

function formBody(request: { body?: string | null }): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body ?? ''));
}

function renderSettings(routes: Record<string, FakeHandler> = {}, readOnly = false) {
  return renderPage(
    <Routes>
      <Route path="/edit" element={<AccountSettingsPage />} />
      <Route path="/" element={<p>Home page</p>} />
    </Routes>,
    { path: '/edit', routes: { ...answer(getProfile, { ...profile, readOnly }), ...routes } },
  );
}

describe('<AccountSettingsPage>', () => {
  it('sends a read-only user home', async () => {
    renderSettings({}, true);
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('saves the profile and reloads it for the shell', async () => {
    const { server } = renderSettings(answer(editUser, profile.userid));
    const nickname = await ui.nickname();
    expect(nickname).toHaveValue('Sam Staff');
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Sam');
    await userEvent.click(ui.save());
    await waitFor(() => expect(requestsTo(server.requests, editUser, { id: 7 })).toHaveLength(1));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(server.requests, getProfile)).toHaveLength(2));
  });

  it('asks for the SMS number when opting in to alarm texts without one', async () => {
    const { server } = renderSettings(answer(setSmsSettings, confirmed));
    await userEvent.click(await ui.smsOptIn());
    await userEvent.click(ui.saveSms());
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(requestsTo(server.requests, setSmsSettings)).toHaveLength(0);
  });

  it('confirms a new number with the texted code when opting in', async () => {
    const { server } = renderSettings({
      ...answer(requestSmsCode, null),
      ...answer(setSmsSettings, confirmed),
    });
    const number = await ui.smsPhone();
    await userEvent.type(number, '0151 1234');
    expect(
      await screen.findByText('Enter the number in international form, e.g. +4915112345678'),
    ).toBeInTheDocument();
    await userEvent.clear(number);
    await userEvent.type(number, NUMBER);
    await userEvent.click(await ui.sendCode());
    expect(await screen.findByText('Code sent by text message')).toBeInTheDocument();
    expect(formBody(requestsTo(server.requests, requestSmsCode)[0]!)).toEqual({ smsPhone: NUMBER });

    await userEvent.type(await ui.smsCode(), '123456');
    await userEvent.click(await ui.smsOptIn());
    await userEvent.click(ui.saveSms());
    await waitFor(() => expect(requestsTo(server.requests, setSmsSettings)).toHaveLength(1));
    expect(formBody(requestsTo(server.requests, setSmsSettings)[0]!)).toEqual({
      smsPhone: NUMBER,
      smsOptIn: 'true',
      code: '123456',
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('asks for the texted code when opting in with an unconfirmed number', async () => {
    const { server } = renderSettings(answer(setSmsSettings, confirmed));
    await userEvent.type(await ui.smsPhone(), NUMBER);
    await userEvent.click(await ui.smsOptIn());
    await userEvent.click(ui.saveSms());
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(requestsTo(server.requests, setSmsSettings)).toHaveLength(0);
  });

  it('says under the code field when the texted code is wrong', async () => {
    renderSettings(refuse(setSmsSettings, ErrorCode.verificationCodeError));
    await userEvent.type(await ui.smsPhone(), NUMBER);
    await userEvent.type(await ui.smsCode(), '654321');
    await userEvent.click(await ui.smsOptIn());
    await userEvent.click(ui.saveSms());
    expect(await screen.findByText('The verification code is wrong')).toBeInTheDocument();
  });

  it('shows a confirmed number without a code field and switches texts off without one', async () => {
    const { server } = renderSettings({
      ...answer(getProfile, { ...profile, userid: confirmed }),
      ...answer(setSmsSettings, { ...confirmed, smsOptIn: false }),
    });
    expect(await screen.findByText('Number confirmed: alarm texts go to it')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    await userEvent.click(await ui.smsOptIn());
    await userEvent.click(ui.saveSms());
    await waitFor(() => expect(requestsTo(server.requests, setSmsSettings)).toHaveLength(1));
    expect(formBody(requestsTo(server.requests, setSmsSettings)[0]!)).toEqual({
      smsPhone: NUMBER,
      smsOptIn: 'false',
    });
  });

  it('asks for a code again when the confirmed number is changed', async () => {
    renderSettings(answer(getProfile, { ...profile, userid: confirmed }));
    const number = await ui.smsPhone();
    await userEvent.clear(number);
    await userEvent.type(number, '+4915187654321');
    expect(await ui.smsCode()).toBeInTheDocument();
    expect(await ui.sendCode()).toBeEnabled();
  });

  it('says under the field when the current password is wrong', async () => {
    renderSettings(refuse(changePassword, ErrorCode.oldPasswordError));
    await userEvent.click(await ui.tab('Password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Solar2026');
    await userEvent.type(screen.getByLabelText('New password'), 'Solar2027x');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Solar2027x');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
  });

  it('says on leaving the current password that it is wrong, before Change password', async () => {
    const { server } = renderSettings(answer(checkPassword, { isCorrect: false }));
    await userEvent.click(await ui.tab('Password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Solar2025');
    await userEvent.tab();
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(formBody(requestsTo(server.requests, checkPassword)[0]!)).toEqual({
      password: 'Solar2025',
    });
  });

  describe('two-step verification', () => {
    const card = async () =>
      within(await screen.findByRole('region', { name: 'Two-step verification' }));
    const otpauthUrl = 'otpauth://totp/Solar:sam%40example.com?secret=JBSWY3DPEHPK3PXP';
    const codes = Array.from({ length: 10 }, (_, index) => `code-${index}`);

    it('sets up the authenticator and shows the recovery codes once', async () => {
      const { server } = renderSettings({
        ...answer(secondFactorStatus, { totp: false, recoveryCodesLeft: 0, passkeys: [] }),
        ...answer(startTotpSetup, { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl }),
        ...answer(enableTotp, { recoveryCodes: codes }),
      });
      await userEvent.click(await ui.tab('Password'));
      const twoStep = await card();
      expect(
        await twoStep.findByText('Off: signing in needs only your password'),
      ).toBeInTheDocument();
      await userEvent.click(twoStep.getByRole('button', { name: 'Set up' }));
      const qr = await twoStep.findByRole('img', { name: 'QR code for your authenticator app' });
      expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
      expect(twoStep.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
      await userEvent.type(twoStep.getByLabelText('Code from the app'), '123456');
      await userEvent.click(twoStep.getByRole('button', { name: 'Turn on' }));
      const list = await twoStep.findByRole('list', { name: 'Your recovery codes' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(codes);
      expect(formBody(requestsTo(server.requests, enableTotp)[0]!)).toEqual({ code: '123456' });
      await userEvent.click(twoStep.getByRole('button', { name: 'Done' }));
      expect(twoStep.queryByText('code-0')).not.toBeInTheDocument();
    });

    it('asks for the current password before turning it off', async () => {
      const { server } = renderSettings({
        ...answer(secondFactorStatus, { totp: true, recoveryCodesLeft: 7, passkeys: [] }),
        ...refuse(disableTotp, ErrorCode.oldPasswordError),
      });
      await userEvent.click(await ui.tab('Password'));
      const twoStep = await card();
      expect(await twoStep.findByText('Recovery codes left: 7')).toBeInTheDocument();
      await userEvent.click(twoStep.getByRole('button', { name: 'Turn off' }));
      await userEvent.click(twoStep.getByRole('button', { name: 'Turn off' }));
      expect(await twoStep.findByText('This field is required')).toBeInTheDocument();
      expect(requestsTo(server.requests, disableTotp)).toHaveLength(0);
      await userEvent.type(twoStep.getByLabelText('Current password'), 'Wrong2026');
      const submit = twoStep.getByRole('button', { name: 'Turn off' });
      await waitFor(() => expect(submit).toBeEnabled());
      await userEvent.click(submit);
      expect(await twoStep.findByText('The current password is wrong')).toBeInTheDocument();
      expect(formBody(requestsTo(server.requests, disableTotp)[0]!)).toEqual({
        password: 'Wrong2026',
      });
    });

    it('lists the passkeys with their dates and removes one after confirming', async () => {
      const passkey = {
        id: 3,
        name: 'Work laptop',
        createdAt: '2026-11-30T08:00:00.000Z',
        lastUsedAt: null,
      };
      const { server } = renderSettings({
        ...answer(secondFactorStatus, { totp: false, recoveryCodesLeft: 0, passkeys: [passkey] }),
        ...answer(removePasskey, null),
      });
      await userEvent.click(await ui.tab('Password'));
      const twoStep = await card();
      expect(
        await twoStep.findByText(
          'Authenticator app: off. Signing in asks for one of your passkeys',
        ),
      ).toBeInTheDocument();
      const passkeys = within(twoStep.getByRole('region', { name: 'Passkeys' }));
      expect(passkeys.getByText('Work laptop')).toBeInTheDocument();
      expect(passkeys.getByText(/last used never/)).toBeInTheDocument();
      await userEvent.click(passkeys.getByRole('button', { name: 'Remove Work laptop' }));
      await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
      await waitFor(() => expect(requestsTo(server.requests, removePasskey)).toHaveLength(1));
      expect(requestsTo(server.requests, removePasskey)[0]?.url).toContain('/passkeys/3');
    });
  });
});
