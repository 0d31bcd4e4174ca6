import { type LeakageTestResult, switchOff, switchOn } from '@solar/contract';
import { Alert, Button, Descriptions, Modal, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/failure-text';
import { Permit } from '../../../shared/permissions/Permit';
import { DeviceCommandButton } from '../../commands/components/DeviceCommandButton';
import { powerFromWatts, readerMoment, readingText } from '../../../shared/format/formatters';
import { useLeakageTest, useSwitchRealtime } from '../api';

/**
 * A switch's state with on/off (confirmed by the device after a confirmation dialog) and the
 * leakage self-test, which cuts the power for 10 seconds and reports its result.
 */
export function SwitchControls({ sn }: { sn: string }): ReactNode {
  const { t } = useTranslation('switches');
  const realtime = useSwitchRealtime(sn);
  const values = realtime.data?.values ?? {};
  const isOn = values.state === 'on';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} bordered>
        <Descriptions.Item label={t('state.label')}>
          <Tag color={isOn ? 'green' : 'default'}>
            {t(values.state === 'off' ? 'state.off' : isOn ? 'state.on' : 'state.unknown')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('power')}>
          {typeof values.p_w === 'number' ? powerFromWatts(values.p_w) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('leakage')}>
          {typeof values.leakage_ma === 'number' ? readingText(values.leakage_ma, 'mA') : '-'}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap align="start">
        <DeviceCommandButton
          endpoint={isOn ? switchOff : switchOn}
          sn={sn}
          deviceName={sn}
          plantName={null}
          permission="switch.control"
          label={t(isOn ? 'actions.off' : 'actions.on')}
          danger={isOn}
          onDone={() => void realtime.refetch()}
        />
        <Permit permission="switch.control">
          <LeakageTestButton sn={sn} />
        </Permit>
      </Space>
    </Space>
  );
}

function LeakageTestButton({ sn }: { sn: string }): ReactNode {
  const { t } = useTranslation('switches');
  const test = useLeakageTest();
  const [isConfirming, setConfirming] = useState(false);
  const [result, setResult] = useState<LeakageTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    setConfirming(false);
    setResult(null);
    setFailure(null);
    try {
      setResult(await test.mutateAsync({ params: { sn } }));
    } catch (error) {
      setFailure(failureText(error, t('leakageTest.failed')));
    }
  };

  return (
    <Space orientation="vertical">
      <Button loading={test.isPending} onClick={() => setConfirming(true)}>
        {test.isPending ? t('leakageTest.running') : t('leakageTest.start')}
      </Button>
      <Modal
        open={isConfirming}
        title={t('leakageTest.start')}
        okText={t('leakageTest.confirm')}
        cancelText={t('leakageTest.cancel')}
        onOk={() => void run()}
        onCancel={() => setConfirming(false)}
      >
        {t('leakageTest.question')}
      </Modal>
      {result && (
        <Alert
          type={result.isPassed ? 'success' : 'error'}
          showIcon
          message={t(result.isPassed ? 'leakageTest.passed' : 'leakageTest.notPassed', {
            ma: result.leakageMa,
          })}
          description={t('leakageTest.timing', {
            start: readerMoment(result.startedAt, 'second'),
            end: readerMoment(result.finishedAt, 'second'),
            seconds: result.durationSeconds,
          })}
        />
      )}
      {failure && <Alert type="error" showIcon message={failure} />}
    </Space>
  );
}
