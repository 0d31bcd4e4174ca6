import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  clockMinutes,
  MAX_PRICE_SEGMENTS,
  METER_PRICE_TIERS,
  meterPriceKey,
  type MeterPriceTier,
} from '@solar/contract';
import {
  appendSegment,
  canAppendSegment,
  endTimeOptions,
  reconnect,
  removeSegment,
  type TouSegment,
} from '../../tou';

interface TouPriceEditorProps {
  value?: TouSegment[];
  onChange?: (segments: TouSegment[]) => void;
  currency?: string;
}

const END_TIMES = endTimeOptions();

/** An end after the segment's start and before the next segment's end. */
function endChoices(segment: TouSegment, next: TouSegment | undefined) {
  const after = clockMinutes(segment.start);
  const before = next ? clockMinutes(next.end) : Infinity;
  return END_TIMES.filter((time) => clockMinutes(time) > after && clockMinutes(time) < before).map(
    (time) => ({ value: time, label: time }),
  );
}

/** Controlled editor for an antd Form.Item: one row per segment, starts follow previous ends. */
export function TouPriceEditor({ value = [], onChange, currency }: TouPriceEditorProps) {
  const { t } = useTranslation(['plants', 'devices']);
  const tierChoices = METER_PRICE_TIERS.map((tier) => ({
    value: tier,
    label: t(`devices:setting.${meterPriceKey(tier)}`),
  }));
  const update = (segments: TouSegment[]) => onChange?.(reconnect(segments));
  const patch = (index: number, change: Partial<TouSegment>) =>
    update(value.map((segment, i) => (i === index ? { ...segment, ...change } : segment)));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {value.map((segment, index) => (
        <Space key={index} wrap data-testid="tou-segment">
          <Typography.Text>{segment.start}</Typography.Text>
          <span>–</span>
          <Select
            aria-label={t('edit.touEnd')}
            style={{ width: 100 }}
            value={segment.end}
            onChange={(end: string) => patch(index, { end })}
            options={endChoices(segment, value[index + 1])}
          />
          <InputNumber
            aria-label={t('edit.touPrice')}
            style={{ width: 160 }}
            min={0}
            max={9999}
            step={0.01}
            value={segment.price}
            suffix={currency}
            onChange={(price) => patch(index, { price: price ?? null })}
          />
          <Select<MeterPriceTier>
            aria-label={t('edit.touTier')}
            style={{ width: 200 }}
            allowClear
            placeholder={t('edit.touTierNone')}
            value={segment.tier}
            onChange={(tier) => patch(index, { tier })}
            options={tierChoices}
          />
          <Button
            aria-label={t('edit.touRemove')}
            icon={<DeleteOutlined />}
            disabled={value.length === 1}
            onClick={() => update(removeSegment(value, index))}
          />
        </Space>
      ))}
      <Button
        style={{ alignSelf: 'flex-start' }}
        icon={<PlusOutlined />}
        disabled={!canAppendSegment(value)}
        onClick={() => update(appendSegment(value))}
      >
        {t('edit.touAdd', { max: MAX_PRICE_SEGMENTS })}
      </Button>
    </div>
  );
}
