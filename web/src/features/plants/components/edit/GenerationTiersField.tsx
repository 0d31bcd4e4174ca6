import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { generationTier, generationTiers, MAX_GENERATION_TIERS } from '@solar/contract';
import { Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { issueMessage, zodRule } from '../../../../shared/forms/zod-rule';
import type { GenerationTierValue } from './plant-form';

/** Pricing by generation: each tier's price applies from a lifetime generation on. */
export function GenerationTiersField({ currency }: { currency: string | undefined }) {
  const { t } = useTranslation('plants');
  return (
    <Form.List
      name="generationTiers"
      rules={[
        {
          validator: async (_rule, tiers: GenerationTierValue[]) => {
            const result = generationTiers.safeParse(tiers);
            if (!result.success) throw new Error(issueMessage(result.error.issues[0], t));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" wrap>
              <Form.Item
                name={[field.name, 'fromKwh']}
                label={t('edit.tierFrom')}
                rules={[zodRule(generationTier.shape.fromKwh, t)]}
              >
                <InputNumber min={0} disabled={index === 0} suffix="kWh" />
              </Form.Item>
              <Form.Item
                name={[field.name, 'price']}
                label={t('edit.price')}
                rules={[zodRule(generationTier.shape.price, t)]}
              >
                <InputNumber min={0} max={9999} step={0.01} suffix={currency} />
              </Form.Item>
              {index > 0 && (
                <Button
                  aria-label={t('edit.tierRemove')}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                />
              )}
            </Space>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= MAX_GENERATION_TIERS}
            onClick={() => add({ fromKwh: null, price: null })}
          >
            {t('edit.tierAdd', { max: MAX_GENERATION_TIERS })}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}
