import {
  ErrorCode,
  fromServerLanguage,
  LOCALE_NAMES,
  MAX_REPORT_RECIPIENTS,
  REPORT_COLUMNS,
  REPORT_FILE_FORMATS,
  REPORT_GROUPINGS,
  REPORT_PERIODS,
  type ReportConfig,
  type ReportConfigBody,
  SERVER_LANGUAGES,
  timeZoneNames,
  toServerLanguage,
} from '@solar/contract';
import { AutoComplete, Checkbox, Form, Input, Select } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantOptions } from '../events/api';
import { currentLocale } from '../../shared/i18n/locale';
import { FormModal, type FormModalControl } from '../../shared/ui/FormModal';
import { useSaveReportConfig } from './api';
import { SCHEDULE_PRESETS } from './schedule-presets';

type Values = Omit<ReportConfigBody, 'schedule'> & { schedule?: string };

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
    ? { ...config, schedule: config.schedule ?? '' }
    : {
        ...DEFAULTS,
        language: toServerLanguage(currentLocale()),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
  const timeZones = useMemo(
    () => timeZoneNames().map((zone) => ({ value: zone, label: zone })),
    [],
  );

  const submit = (values: Values) => {
    const body = { ...values, plantIds: values.plantIds ?? [], schedule: values.schedule || null };
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
        <Select options={REPORT_PERIODS.map((value) => ({ value, label: t(`period.${value}`) }))} />
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
