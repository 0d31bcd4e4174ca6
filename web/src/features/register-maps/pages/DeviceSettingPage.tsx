import { ErrorCode, SERIAL_NUMBER_PATTERN } from '@solar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { failureText } from '../../../shared/api/failure-text';
import { PageCard } from '../../../shared/ui/PageCard';
import { usePermission } from '../../../shared/permissions/Permit';
import { useInverterSettingsMap } from '../api';
import { SettingsForm } from '../components/SettingsForm';
import type { ReadInverterSettings, WriteInverterSettings } from '../setting-values';
import './register-maps.css';

/**
 * `/device/setting?sn=…` (and `/plants/device/setting`): an inverter's settings form, generated
 * from its family's register map. `onWrite` sends the values to the device and answers what it
 * read back; without it (or without `inverter.setting`) the form only shows the map.
 * `onReadCurrent` fills the form with the device's values, so only changes are sent.
 */
export default function DeviceSettingPage(props: {
  onWrite?: WriteInverterSettings;
  onReadCurrent?: ReadInverterSettings;
}): ReactNode {
  const { t } = useTranslation(['registerMaps', 'menu']);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('sn');
  const sn = requested !== null && SERIAL_NUMBER_PATTERN.test(requested) ? requested : null;
  const canWrite = usePermission('inverter.setting');
  const settings = useInverterSettingsMap(sn);
  const { onWrite, onReadCurrent } = props;
  const current = useQuery({
    queryKey: ['inverter-settings-current', sn],
    queryFn: () => (onReadCurrent && sn ? onReadCurrent(sn) : Promise.resolve({})),
    enabled: onReadCurrent !== undefined && sn !== null && settings.isSuccess,
    retry: false,
    gcTime: 0,
  });

  const choose = (value: string) => {
    const next = value.trim();
    setSearchParams(next === '' ? {} : { sn: next });
  };

  const body = (): ReactNode => {
    if (sn === null) {
      return requested === null ? (
        <Typography.Paragraph type="secondary">{t('chooseInverter')}</Typography.Paragraph>
      ) : (
        <Result status="warning" title={t('badSerial')} />
      );
    }
    if (settings.isPending) return <Skeleton active />;
    if (settings.error) {
      if (settings.error.code === ErrorCode.brandParameterUnsupported) {
        return <Result status="info" title={t('unsupported')} />;
      }
      if (settings.error.code === ErrorCode.inverterNotFound) {
        return <Result status="warning" title={t('notFound')} />;
      }
      return <Alert type="error" message={failureText(settings.error, settings.error.message)} />;
    }
    const { map } = settings.data;
    // A failed read leaves the form empty: the user can still write what they fill in.
    if (onReadCurrent && current.isPending) return <Skeleton active />;
    return (
      <>
        <Typography.Paragraph type="secondary">
          {t('mapOf', { name: map.name, version: map.version, phases: map.phases })}
        </Typography.Paragraph>
        <SettingsForm
          key={`${settings.data.sn}-${map.family}-${map.version}-${current.dataUpdatedAt}`}
          map={map}
          {...(current.data ? { current: current.data } : {})}
          {...(canWrite && onWrite && sn ? { onWrite: (values) => onWrite(sn, values) } : {})}
        />
      </>
    );
  };

  return (
    <PageCard
      title={t('menu:deviceSetting')}
      extra={
        <Space>
          <Input.Search
            key={requested ?? ''}
            aria-label={t('serialNumber')}
            placeholder={t('serialNumber')}
            defaultValue={requested ?? ''}
            allowClear
            enterButton={t('open')}
            onSearch={choose}
          />
        </Space>
      }
    >
      {body()}
    </PageCard>
  );
}
