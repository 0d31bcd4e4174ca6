import { bcp47Of, type Locale } from '@solar/contract';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useBrand } from '../../brands/current-brand';
import { useAgreement } from '../use-agreement';

/** A brand's own agreement: its name as the title, paragraphs separated by blank lines. */
function BrandAgreement(props: { name: string; text: string }): ReactNode {
  const paragraphs = props.text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <Typography className="agreement">
      <Typography.Title level={1}>{props.name}</Typography.Title>
      {paragraphs.map((paragraph, index) => (
        <Typography.Paragraph key={index} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Typography.Paragraph>
      ))}
    </Typography>
  );
}

/**
 * The user agreement and privacy policy: the brand's own when the site's brand has one (in the
 * interface language, else English), otherwise the portal's in one of the 13 interface languages.
 */
export function AgreementText(props: { locale: Locale }): ReactNode {
  const brand = useBrand();
  const agreement = useAgreement(props.locale);
  if (brand?.agreement) return <BrandAgreement name={brand.name} text={brand.agreement} />;
  if (!agreement) return null;
  return (
    <Typography className="agreement" lang={bcp47Of(props.locale)}>
      <Typography.Title level={1}>{agreement.title}</Typography.Title>
      {agreement.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <Typography.Paragraph>{section.body}</Typography.Paragraph>
        </section>
      ))}
    </Typography>
  );
}
