import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgreementText } from './components/AgreementText';

// Every language holds every section: the locale test (shared/i18n/locales.test.ts) checks it.
describe('the user agreement', () => {
  it('is shown in the language asked for, marked with its HTML language', async () => {
    render(<AgreementText locale="de" />);
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Nutzungsvereinbarung und Datenschutzerklärung');
    expect(title.closest('[lang]')).toHaveAttribute('lang', 'de');
  });
});
