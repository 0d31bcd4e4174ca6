import {
  DICTIONARY_TYPES,
  type DictionaryOption,
  plantInfoFields,
  utcOffset,
} from '@solar/contract';
import { Col, DatePicker, Form, InputNumber, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../../shared/dictionaries/use-dictionary-options';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../../shared/ui/TrimmedInput';
import type { PlantFormValues } from './plant-form';

function timeZoneLabel(zone: DictionaryOption): string {
  return `(UTC${utcOffset(zone.code)}) ${zone.code}`;
}

export function BasicFields() {
  const { t } = useTranslation('plants');
  const form = Form.useFormInstance<PlantFormValues>();
  const timeZones = useDictionaryOptions(DICTIONARY_TYPES.timeZone, {
    held: Form.useWatch('timeZone', form),
    label: timeZoneLabel,
  });
  const plantTypes = useDictionaryOptions(DICTIONARY_TYPES.plantType, {
    held: Form.useWatch('plantType', form),
    nameOf: (code) => t(`plantType.${code}`, { defaultValue: code }),
  });

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="name"
          label={t('field.name')}
          required
          rules={[zodRule(plantInfoFields.name, t)]}
        >
          <TrimmedInput maxLength={40} showCount />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="capacityKwp"
          label={t('field.capacityKwp')}
          required
          rules={[zodRule(plantInfoFields.capacityKwp, t)]}
        >
          <InputNumber min={0} max={50000} step={0.1} style={{ width: '100%' }} suffix="kWp" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="plantType" label={t('field.plantType')} required>
          <Select loading={plantTypes.isLoading} options={plantTypes.options} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="commissioningDate" label={t('field.commissioningDate')}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(date) => date.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="timeZone"
          label={t('field.timeZone')}
          required
          rules={[zodRule(plantInfoFields.timeZone, t)]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={timeZones.isLoading}
            options={timeZones.options}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="totalInvestment"
          label={t('field.totalInvestment')}
          rules={[zodRule(plantInfoFields.totalInvestment, t, { optional: true })]}
        >
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="installerEmail"
          label={t('field.installerEmail')}
          rules={[zodRule(plantInfoFields.installerEmail, t, { optional: true })]}
        >
          <TrimmedInput type="email" maxLength={64} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="generationOffsetKwh"
          label={t('field.generationOffset')}
          tooltip={t('edit.offsetHint')}
          rules={[zodRule(plantInfoFields.generationOffsetKwh, t, { optional: true })]}
        >
          <InputNumber
            min={-500000}
            max={500000}
            step={0.1}
            precision={1}
            style={{ width: '100%' }}
            suffix="kWh"
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
