import { Divider, Spin, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useHeldPermissions } from '../../../shared/permissions/PermissionContext';
import { PageCard } from '../../../shared/ui/PageCard';
import { ApiKeysCard } from '../../api-keys/components/ApiKeysCard';
import { WebhooksCard } from '../../webhooks/WebhooksCard';
import { useProfile } from '../api';
import { AppearanceForm } from '../components/AppearanceForm';
import { NotificationForm } from '../components/NotificationForm';
import { PasswordForm } from '../components/PasswordForm';
import { ProfileForm } from '../components/ProfileForm';
import { SmsAlarmForm } from '../components/SmsAlarmForm';
import { PushNotificationsCard } from '../../push/components/PushNotificationsCard';
import { TwoStepCard } from '../components/TwoStepCard';

/** /edit: personal settings (hidden from the menu and from read-only users). */
export default function AccountSettingsPage(): ReactNode {
  const { t } = useTranslation(['account', 'menu']);
  const profile = useProfile().data;
  const held = useHeldPermissions();
  if (!profile) return <Spin />;
  if (profile.readOnly) return <Navigate to="/" replace />;
  return (
    <PageCard title={t('menu:personalSettings')}>
      <Tabs
        items={[
          {
            key: 'profile',
            label: t('tabs.profile'),
            children: (
              <>
                <ProfileForm profile={profile} />
                <Divider />
                <SmsAlarmForm user={profile.userid} />
              </>
            ),
          },
          {
            key: 'password',
            label: t('tabs.password'),
            children: (
              <>
                <PasswordForm userId={profile.userid.id} />
                <Divider />
                <TwoStepCard />
              </>
            ),
          },
          {
            key: 'notifications',
            label: t('tabs.notifications'),
            children: (
              <>
                <NotificationForm />
                <Divider />
                <PushNotificationsCard />
              </>
            ),
          },
          { key: 'appearance', label: t('tabs.appearance'), children: <AppearanceForm /> },
          ...(held.has('webhook.view')
            ? [
                {
                  key: 'webhooks',
                  label: t('tabs.webhooks'),
                  children: (
                    <WebhooksCard scope="personal" canManage={held.has('webhook.manage')} />
                  ),
                },
              ]
            : []),
          ...(held.has('apikey.manage')
            ? [
                {
                  key: 'apiKeys',
                  label: t('tabs.apiKeys'),
                  children: <ApiKeysCard kind="personal" />,
                },
              ]
            : []),
        ]}
      />
    </PageCard>
  );
}
