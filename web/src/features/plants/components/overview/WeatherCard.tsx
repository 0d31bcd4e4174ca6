import { Card, Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { decimalText } from '../../../../shared/format/formatters';
import type { PlantDevicesData } from '../../api';

const READINGS = [
  { key: 'irradiance_wm2', label: 'weather.irradiance', unit: 'W/m²' },
  { key: 'ambient_c', label: 'weather.ambient', unit: '°C' },
  { key: 'module_c', label: 'weather.module', unit: '°C' },
  { key: 'wind_ms', label: 'weather.wind', unit: 'm/s' },
] as const;

/** The plant's weather station is the source: no external weather service is asked. */
export function WeatherCard({ devices }: { devices: PlantDevicesData }) {
  const { t } = useTranslation('plants');
  const station = devices.dataloggers
    .flatMap((datalogger) => datalogger.devices)
    .find((device) => device.kind === 'weather');

  return (
    <Card title={t('overview.weather')}>
      {station ? (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={READINGS.map((reading) => {
            const value = station.values[reading.key];
            return {
              key: reading.key,
              label: t(reading.label),
              children: value === undefined ? '-' : decimalText(value, 1, reading.unit),
            };
          })}
        />
      ) : (
        <Empty description={t('weather.none')} />
      )}
    </Card>
  );
}
