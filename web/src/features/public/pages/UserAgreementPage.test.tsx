import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import UserAgreementPage from './UserAgreementPage';

describe('<UserAgreementPage>', () => {
  it('shows the English agreement to an English reader', async () => {
    renderPage(<UserAgreementPage />);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('User agreement and privacy policy');
  });
});
