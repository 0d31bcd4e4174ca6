import type { CompanyInfo } from '@solar/contract';
import { App, Flex, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permissions/Permit';
import { useProfile } from '../../users/api';
import { useSetSecondFactorPolicy } from '../api';

/**
 * The company's second-factor policy. The server lets only the company's administrator and a
 * platform administrator change it, so a staff role that may edit the company sees it read-only.
 */
export function SecondFactorPolicySwitch(props: { company: CompanyInfo }): ReactNode {
  const { t } = useTranslation('company');
  const { message } = App.useApp();
  const kind = useProfile().data?.userid.kind;
  const canEdit =
    usePermission('company.info.edit') && (kind === 'company_admin' || kind === 'platform_admin');
  const setPolicy = useSetSecondFactorPolicy();

  const change = async (isRequired: boolean): Promise<void> => {
    try {
      await setPolicy.mutateAsync({ body: { isRequired }, loading: true });
      void message.success(t('saved'));
    } catch {
      // The request layer has shown the refusal; the switch keeps the stored state.
    }
  };

  return (
    <Flex vertical gap="small" style={{ maxWidth: 520 }}>
      <Typography.Title level={5}>{t('secondFactor.title')}</Typography.Title>
      <Flex gap="small" align="center">
        <Switch
          id="second-factor-policy"
          checked={props.company.requiresSecondFactor}
          disabled={!canEdit}
          loading={setPolicy.isPending}
          onChange={(isRequired) => void change(isRequired)}
        />
        <label htmlFor="second-factor-policy">{t('secondFactor.require')}</label>
      </Flex>
      <Typography.Text type="secondary">{t('secondFactor.hint')}</Typography.Text>
    </Flex>
  );
}
