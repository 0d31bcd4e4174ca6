import { Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SwitchControls } from './SwitchControls';
import { SwitchTasksCard } from './SwitchTasksCard';

/** Everything a switch's detail shows: state, controls, leakage test and timed tasks. */
export function SwitchPanel({ sn }: { sn: string }): ReactNode {
  const { t } = useTranslation('switches');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card title={t('controls.title', { sn })}>
        <SwitchControls sn={sn} />
      </Card>
      <SwitchTasksCard sn={sn} />
    </Space>
  );
}
