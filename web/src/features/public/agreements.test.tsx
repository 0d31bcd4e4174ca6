import { LOCALES } from '@solar/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGREEMENTS } from './agreements';
import { AgreementText } from './components/AgreementText';

describe('the user agreement', () => {
  it('is written in every interface language with the sections of the English one', () => {
    const english = AGREEMENTS.en;
    for (const locale of LOCALES) {
      const agreement = AGREEMENTS[locale];
      expect(agreement.sections).toHaveLength(english.sections.length);
      if (locale === 'en') continue;
      expect(agreement.title, locale).not.toBe(english.title);
      agreement.sections.forEach((section, index) => {
        expect(section.body.length, `${locale} §${index + 1}`).toBeGreaterThan(20);
        expect(section.body, `${locale} §${index + 1}`).not.toBe(english.sections[index]?.body);
      });
    }
  });

  it('is shown in the language asked for, marked with its HTML language', () => {
    render(<AgreementText locale="de" />);
    const title = screen.getByRole('heading', { level: 1 });
    expect(title).toHaveTextContent('Nutzungsvereinbarung und Datenschutzerklärung');
    expect(title.closest('[lang]')).toHaveAttribute('lang', 'de');
  });
});
