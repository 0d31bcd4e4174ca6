import { ClockCircleOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An honest placeholder for pages whose feature is not built yet. */
export function ComingSoon(props: { title?: string }): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={props.title ?? t('comingSoon.title')}
      subTitle={t('comingSoon.description')}
    />
  );
}

export default ComingSoon;
