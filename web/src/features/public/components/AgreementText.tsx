import type { Locale } from '@solar/contract';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { htmlLang } from '../../../shared/i18n/locale';
import { AGREEMENTS } from '../agreements';

/** The user agreement and privacy policy in one of the 13 interface languages. */
export function AgreementText(props: { locale: Locale }): ReactNode {
  const agreement = AGREEMENTS[props.locale];
  return (
    <Typography className="agreement" lang={htmlLang(props.locale)}>
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
