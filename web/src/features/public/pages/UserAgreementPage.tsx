import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/locale';
import { AgreementText } from '../components/AgreementText';
import { PublicLayout } from '../components/PublicLayout';

/** The agreement of `/agreement` and sign-up, in the reader's language (and again on a switch). */
export default function UserAgreementPage(): ReactNode {
  useTranslation();
  return (
    <PublicLayout>
      <AgreementText locale={currentLocale()} />
    </PublicLayout>
  );
}
