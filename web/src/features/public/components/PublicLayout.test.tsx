import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { loadLocaleResources } from '../../../shared/i18n/resources';
import { PublicLayout } from './PublicLayout';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('PublicLayout', () => {
  it('names the logo in the page language', async () => {
    const { common } = await loadLocaleResources('el', ['common']);
    i18n.addResourceBundle('el', 'common', common);
    await i18n.changeLanguage('el');
    render(
      <MemoryRouter>
        <PublicLayout>content</PublicLayout>
      </MemoryRouter>,
    );
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Ηλιακή πύλη');
  });
});
