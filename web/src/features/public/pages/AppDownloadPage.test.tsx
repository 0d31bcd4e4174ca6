import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import AppDownloadPage from './AppDownloadPage';

describe('<AppDownloadPage>', () => {
  it("says the portal works in the phone's browser and links to it", async () => {
    renderPage(<AppDownloadPage />);
    expect(await screen.findByText('Mobile app')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the portal' })).toHaveAttribute('href', '/login');
  });
});
