import type { UserProfile } from '@solar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../auth/sign-out';
import { TwoStepCard } from '../components/TwoStepCard';

/**
 * What an account sees instead of the portal while it must set up a second factor (its
 * company's policy, or a platform administrator's account): why, the set-up, and sign-out.
 */
export default function SecondFactorEnrolmentPage(props: {
  profile: UserProfile;
  onEnrolled: () => void;
}): ReactNode {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const isPlatformAdmin = props.profile.userid.kind === 'platform_admin';
  return (
    <Flex vertical gap="middle" style={{ maxWidth: 520, margin: '48px auto', padding: 16 }}>
      <Typography.Title level={3}>{t('enrolment.title')}</Typography.Title>
      <Alert
        type="info"
        showIcon
        title={t(isPlatformAdmin ? 'enrolment.platformReason' : 'enrolment.companyReason')}
      />
      <TwoStepCard onEnrolled={props.onEnrolled} />
      <Button onClick={() => void signOut(queryClient)}>{t('enrolment.signOut')}</Button>
    </Flex>
  );
}
