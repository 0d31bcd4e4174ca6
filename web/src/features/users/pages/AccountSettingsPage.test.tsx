import { ErrorCode, changePassword, editUser, getProfile } from '@solar/contract';
import { screen, waitFor } from '@testing-library/react';
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
  save: () => screen.getByRole('button', { name: 'Save' }),
  tab: (name: string) => screen.findByRole('tab', { name }),
};

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

  it('says under the field when the current password is wrong', async () => {
    renderSettings(refuse(changePassword, ErrorCode.oldPasswordError));
    await userEvent.click(await ui.tab('Password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Solar2026');
    await userEvent.type(screen.getByLabelText('New password'), 'Solar2027x');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Solar2027x');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
  });
});
