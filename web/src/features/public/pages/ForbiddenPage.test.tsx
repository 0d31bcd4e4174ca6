import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import ForbiddenPage from './ForbiddenPage';

describe('<ForbiddenPage>', () => {
  it('says the page is not allowed and leads home', async () => {
    renderPage(<ForbiddenPage />);
    expect(
      await screen.findByText('Sorry, you do not have permission to open this page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
