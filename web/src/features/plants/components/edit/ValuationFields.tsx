import {
  bcp47Of,
  currencySymbol,
  DICTIONARY_TYPES,
  type DictionaryOption,
  rules,
  VALUATION_METHODS,
} from '@solar/contract';
import { Col, Form, InputNumber, Radio, Row, Select } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../../shared/dictionaries/use-dictionary-options';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { currentLocale } from '../../../../shared/i18n/locale';
import { type TouSegment, touProblem } from '../../tou';
import { GenerationTiersField } from './GenerationTiersField';
import type { PlantFormValues } from './plant-form';
import { TouPriceEditor } from './TouPriceEditor';

export function ValuationFields() {
  const { t } = useTranslation('plants');
  const form = Form.useFormInstance<PlantFormValues>();
  const method = Form.useWatch('valuationMethod', form);
  const currency = Form.useWatch('currency', form);
  const locale = bcp47Of(currentLocale());
  const currencyLabel = useCallback(
    (entry: DictionaryOption) =>
      `${entry.code} · ${entry.name} (${currencySymbol(entry.code, locale)})`,
    [locale],
  );
  const currencies = useDictionaryOptions(DICTIONARY_TYPES.currency, {
    held: currency,
    label: currencyLabel,
  });

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="currency" label={t('field.currency')} required>
          <Select
            showSearch
            optionFilterProp="label"
            loading={currencies.isLoading}
            options={currencies.options}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="valuationMethod" label={t('field.valuationMethod')} required>
          <Radio.Group
            optionType="button"
            options={VALUATION_METHODS.map((value) => ({ value, label: t(`valuation.${value}`) }))}
          />
        </Form.Item>
      </Col>
      <Col span={24}>
        {method === 'constant' && (
          <Form.Item
            name="constantPrice"
            label={t('edit.price')}
            required
            rules={[zodRule(rules.constantPrice, t)]}
          >
            <InputNumber
              min={0}
              max={9999}
              step={0.0001}
              suffix={currency}
              style={{ width: 240 }}
            />
          </Form.Item>
        )}
        {method === 'time_of_use' && (
          <Form.Item
            name="touSegments"
            label={t('edit.touSegments')}
            required
            rules={[
              {
                validator: async (_rule, segments: TouSegment[] = []) => {
                  const problem = touProblem(segments);
                  if (problem) throw new Error(t(`edit.tou.${problem}`));
                },
              },
            ]}
          >
            <TouPriceEditor currency={currency} />
          </Form.Item>
        )}
        {method === 'generation' && <GenerationTiersField currency={currency} />}
      </Col>
    </Row>
  );
}
