import { INVERTER_STATES, type InverterState } from '@solar/contract';
import { Card, Descriptions, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  decimalText,
  energyText,
  plantMoment,
  powerFromWatts,
} from '../../../shared/format/formatters';
import { StatusTag } from '../../../shared/plant-status/StatusTag';
import { useRealtime } from '../api';

function numberAt(values: Record<string, unknown>, key: string): number | undefined {
  const value = values[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

interface VoltageCurrent {
  index: number;
  v: number;
  i: number;
}

function pairsOf(value: unknown): VoltageCurrent[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown, index) => {
    const { v, i } = (entry ?? {}) as { v?: unknown; i?: unknown };
    return typeof v === 'number' && typeof i === 'number' ? [{ index: index + 1, v, i }] : [];
  });
}

const fixed = (value: number | undefined, digits: number, unit: string) =>
  value === undefined ? '-' : decimalText(value, digits, unit);

/**
 * The latest readings, polled in the background without a loading indicator (section 7):
 * the card keeps the last answer while the next one is on its way.
 */
export function RealtimeCard({ sn, timeZone }: { sn: string; timeZone: string }): ReactNode {
  const { t } = useTranslation('inverters');
  const realtime = useRealtime(sn);
  const data = realtime.data;
  const values = data?.values ?? {};
  const pac = numberAt(values, 'pac_w');
  const eDay = numberAt(values, 'e_day_kwh');
  const eTotal = numberAt(values, 'e_total_kwh');
  const pairColumns = (label: (n: number) => string) => [
    { key: 'name', title: '', render: (_: unknown, row: VoltageCurrent) => label(row.index) },
    {
      key: 'v',
      title: t('realtime.voltage'),
      render: (_: unknown, row: VoltageCurrent) => fixed(row.v, 1, 'V'),
    },
    {
      key: 'i',
      title: t('realtime.current'),
      render: (_: unknown, row: VoltageCurrent) => fixed(row.i, 2, 'A'),
    },
    {
      key: 'p',
      title: t('realtime.power'),
      render: (_: unknown, row: VoltageCurrent) => powerFromWatts(row.v * row.i),
    },
  ];
  // The inverter's own state (standby after a shutdown or at night), beside the portal's status.
  const operatingState = (state: unknown) =>
    INVERTER_STATES.includes(state as InverterState)
      ? t(`realtime.states.${state as InverterState}`)
      : '-';
  const strings = pairsOf(values.pv);
  const phases = pairsOf(values.ac);
  return (
    <Card
      title={t('realtime.title')}
      extra={
        data?.ts && (
          <Typography.Text type="secondary">
            {t('realtime.updated', { time: plantMoment(data.ts, timeZone) })}
          </Typography.Text>
        )
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
        <Descriptions.Item label={t('field.status')}>
          {data ? <StatusTag status={data.status} /> : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.power')}>
          {pac === undefined ? '-' : powerFromWatts(pac)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.today')}>
          {eDay === undefined ? '-' : energyText(eDay)}
        </Descriptions.Item>
        <Descriptions.Item label={t('realtime.total')}>
          {eTotal === undefined ? '-' : energyText(eTotal)}
        </Descriptions.Item>
        <Descriptions.Item label={t('realtime.frequency')}>
          {fixed(numberAt(values, 'freq_hz'), 2, 'Hz')}
        </Descriptions.Item>
        <Descriptions.Item label={t('realtime.powerFactor')}>
          {fixed(numberAt(values, 'pf'), 2, '')}
        </Descriptions.Item>
        <Descriptions.Item label={t('realtime.temperature')}>
          {fixed(numberAt(values, 'temp_c'), 1, '°C')}
        </Descriptions.Item>
        <Descriptions.Item label={t('realtime.switch')}>
          {values.switch === 'off' ? t('realtime.off') : t('realtime.on')}
        </Descriptions.Item>
        <Descriptions.Item label={t('realtime.operatingState')}>
          {operatingState(values.status)}
        </Descriptions.Item>
      </Descriptions>
      {strings.length > 0 && (
        <Table<VoltageCurrent>
          size="small"
          rowKey="index"
          pagination={false}
          columns={pairColumns((n) => `PV${n}`)}
          dataSource={strings}
          aria-label={t('realtime.strings')}
        />
      )}
      {phases.length > 0 && (
        <Table<VoltageCurrent>
          size="small"
          rowKey="index"
          pagination={false}
          columns={pairColumns((n) => t('realtime.phase', { n }))}
          dataSource={phases}
          aria-label={t('realtime.phases')}
          style={{ marginTop: 12 }}
        />
      )}
    </Card>
  );
}
