import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { AGREEMENTS, type AgreementLanguage } from '../agreements';

/** The user agreement is a legal text kept in Chinese and English only. */
export function AgreementText(props: { language: AgreementLanguage }): ReactNode {
  const agreement = AGREEMENTS[props.language];
  return (
    <Typography className="agreement" lang={props.language === 'zh' ? 'zh-CN' : 'en'}>
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
