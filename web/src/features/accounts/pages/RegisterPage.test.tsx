import { signup } from '@solar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, requestsTo } from '../../../test/fake-endpoints';
import { renderApp } from '../../../test/render-app';
import { authFields as ui } from '../../auth/auth-fields.fixtures';

// The page is a lazy chunk: load it once before the first test waits for its fields.
beforeAll(() => import('./RegisterPage'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<RegisterPage>', () => {
  it('asks for the agreement before sending anything', async () => {
    const { server } = renderApp({ path: '/reg', routes: answer(signup, { id: 42 }) });
    await userEvent.type(await ui.email(), 'new@example.com');
    await userEvent.type(ui.code(), '123456');
    await userEvent.type(screen.getByLabelText('Nickname'), 'Newcomer');
    await userEvent.type(ui.newPassword(), 'Solar2026x');
    await userEvent.type(ui.confirmPassword(), 'Solar2026x');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('Please read and accept the user agreement'),
    ).toBeInTheDocument();
    expect(requestsTo(server.requests, signup)).toHaveLength(0);
  });
});
