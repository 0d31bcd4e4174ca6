import { plantInfoFields } from '@solar/contract';
import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../../shared/ui/TrimmedInput';
import { LazyMapPicker } from '../map/LazyMaps';
import type { PlantFormValues } from './plant-form';
import { RegionCascader } from './RegionCascader';

export function LocationFields() {
  const { t } = useTranslation('plants');
  const form = Form.useFormInstance<PlantFormValues>();
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const picked =
    typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : null;

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="region" label={t('field.region')}>
          <RegionCascader />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="regionCity"
          label={t('field.city')}
          rules={[zodRule(plantInfoFields.regionCity, t)]}
        >
          <TrimmedInput maxLength={60} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="address"
          label={t('field.address')}
          rules={[zodRule(plantInfoFields.address, t)]}
        >
          <TrimmedInput maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={12}>
        <Form.Item
          name="latitude"
          label={t('field.latitude')}
          rules={[zodRule(plantInfoFields.latitude, t, { optional: true })]}
        >
          <InputNumber min={-90} max={90} step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12}>
        <Form.Item
          name="longitude"
          label={t('field.longitude')}
          rules={[zodRule(plantInfoFields.longitude, t, { optional: true })]}
        >
          <InputNumber min={-180} max={180} step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label={t('edit.mapPick')} tooltip={t('edit.mapPickHint')}>
          <LazyMapPicker value={picked} onPick={(position) => form.setFieldsValue(position)} />
        </Form.Item>
      </Col>
    </Row>
  );
}
