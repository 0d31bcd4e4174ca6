import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import NotFoundPage from './NotFoundPage';

describe('<NotFoundPage>', () => {
  it('says the page does not exist and leads home', async () => {
    renderPage(<NotFoundPage />);
    expect(
      await screen.findByText('Sorry, the page you opened does not exist.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
