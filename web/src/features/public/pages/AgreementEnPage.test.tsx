import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import AgreementEnPage from './AgreementEnPage';

describe('<AgreementEnPage>', () => {
  it('shows the agreement in English', async () => {
    renderPage(<AgreementEnPage />);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('User agreement and privacy policy');
    expect(title.closest('[lang]')).toHaveAttribute('lang', 'en');
  });
});
