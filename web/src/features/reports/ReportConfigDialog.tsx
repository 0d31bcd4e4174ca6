import {
  ErrorCode,
  fromServerLanguage,
  LOCALE_NAMES,
  MAX_REPORT_RECIPIENTS,
  REPORT_COLUMNS,
  REPORT_FILE_FORMATS,
  CONFIG_PERIODS,
  MAX_CUSTOM_RANGE_DAYS,
  REPORT_GROUPINGS,
  type ReportConfig,
  type ReportConfigBody,
  SERVER_LANGUAGES,
  timeZoneNames,
  toServerLanguage,
} from '@solar/contract';
import { AutoComplete, Checkbox, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantOptions } from '../events/api';
import { browserTimeZone } from '../../shared/format/formatters';
import { currentLocale } from '../../shared/i18n/locale';
import { FormModal, type FormModalControl } from '../../shared/ui/FormModal';
import { useSaveReportConfig } from './api';
import { SCHEDULE_PRESETS } from './schedule-presets';

type Values = Omit<ReportConfigBody, 'schedule' | 'from' | 'to'> & {
  schedule?: string;
  /** Period `custom`: the first and last day of every file. */
  range?: [Dayjs, Dayjs];
};

const DAY = 'YYYY-MM-DD';

const DEFAULTS: Partial<Values> = {
  plantIds: [],
  period: 'month',
  grouping: 'plant',
  columns: [...REPORT_COLUMNS],
  format: 'xlsx',
  recipients: [],
};

/** Create or change a saved report configuration; a taken name is shown on the name field. */
export function ReportConfigDialog(
  props: FormModalControl & { config: ReportConfig | null },
): ReactNode {
  const { t } = useTranslation('reports');
  const plants = usePlantOptions();
  const { create, update } = useSaveReportConfig();
  const { config } = props;
  const initialValues: Partial<Values> = config
    ? {
        ...config,
        schedule: config.schedule ?? '',
        range: config.from && config.to ? [dayjs(config.from), dayjs(config.to)] : undefined,
      }
    : {
        ...DEFAULTS,
        language: toServerLanguage(currentLocale()),
        timeZone: browserTimeZone(),
      };
  const timeZones = useMemo(
    () => timeZoneNames().map((zone) => ({ value: zone, label: zone })),
    [],
  );

  const submit = ({ range, ...values }: Values) => {
    const isCustom = values.period === 'custom' && range;
    const body = {
      ...values,
      plantIds: values.plantIds ?? [],
      schedule: values.schedule || null,
      from: isCustom ? range[0].format(DAY) : null,
      to: isCustom ? range[1].format(DAY) : null,
    };
    return config
      ? update.mutateAsync({ params: { id: config.id }, body })
      : create.mutateAsync({ body });
  };

  return (
    <FormModal<Values>
      open={props.open}
      onClose={props.onClose}
      title={config ? t('config.edit') : t('config.create')}
      initialValues={initialValues}
      onSubmit={submit}
      fieldErrors={{
        field: 'name',
        messageByCode: { [ErrorCode.reportConfigExists]: t('config.nameTaken') },
      }}
      width={640}
    >
      <Form.Item name="name" label={t('config.name')} rules={[{ required: true, max: 40 }]}>
        <Input maxLength={40} />
      </Form.Item>
      <Form.Item name="plantIds" label={t('config.plants')} extra={t('config.allPlants')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={plants.data?.infos.map((plant) => ({ value: plant.id, label: plant.name }))}
        />
      </Form.Item>
      <Form.Item name="period" label={t('period.label')} rules={[{ required: true }]}>
        <Select options={CONFIG_PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['period']}>
        {({ getFieldValue }) =>
          getFieldValue('period') === 'custom' ? (
            <Form.Item
              name="range"
              label={t('config.range')}
              extra={t('config.rangeHint')}
              rules={[
                { required: true },
                {
                  validator: (_, value?: [Dayjs, Dayjs]) =>
                    !value || value[1].diff(value[0], 'day') < MAX_CUSTOM_RANGE_DAYS
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('config.rangeHint'))),
                },
              ]}
            >
              <DatePicker.RangePicker allowClear={false} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item name="grouping" label={t('grouping.label')} rules={[{ required: true }]}>
        <Select
          options={REPORT_GROUPINGS.map((value) => ({ value, label: t(`grouping.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="columns" label={t('config.columns')} rules={[{ required: true }]}>
        <Checkbox.Group
          options={REPORT_COLUMNS.map((value) => ({ value, label: t(`columns.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="language" label={t('config.language')} rules={[{ required: true }]}>
        <Select
          options={SERVER_LANGUAGES.map((value) => ({
            value,
            label: LOCALE_NAMES[fromServerLanguage(value)],
          }))}
        />
      </Form.Item>
      <Form.Item name="format" label={t('config.format')} rules={[{ required: true }]}>
        <Select
          options={REPORT_FILE_FORMATS.map((value) => ({ value, label: value.toUpperCase() }))}
        />
      </Form.Item>
      <Form.Item name="timeZone" label={t('config.timeZone')} rules={[{ required: true }]}>
        <Select showSearch options={timeZones} />
      </Form.Item>
      <Form.Item
        name="recipients"
        label={t('config.recipients')}
        extra={t('config.recipientsHint')}
        rules={[{ type: 'array', max: MAX_REPORT_RECIPIENTS, defaultField: { type: 'email' } }]}
      >
        <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} />
      </Form.Item>
      <Form.Item name="schedule" label={t('config.schedule')} extra={t('config.scheduleHint')}>
        <AutoComplete
          allowClear
          options={Object.entries(SCHEDULE_PRESETS).map(([preset, rule]) => ({
            value: rule,
            label: `${t(`schedule.${preset}`)} (${rule})`,
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}
