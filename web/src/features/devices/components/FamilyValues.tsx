import type { DeviceValueField, DeviceWarning } from '@solar/contract';
import { Alert, Card, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOf, valueLabel, valueText } from '../format';

/** The keys of `values` the fields name, numbered keys in number order, in field order. */
function shownKeys(fields: readonly DeviceValueField[], values: Record<string, unknown>): string[] {
  return Object.keys(values)
    .flatMap((key) => {
      const found = fieldOf(fields, key);
      return found ? [{ key, order: fields.indexOf(found.field), number: found.number ?? 0 }] : [];
    })
    .sort((a, b) => a.order - b.order || a.number - b.number)
    .map((entry) => entry.key);
}

/** The realtime card: the family's realtime fields with units and labels, and its warnings. */
export function FamilyValues(props: {
  fields: readonly DeviceValueField[];
  values: Record<string, number | string | null>;
  warnings: readonly DeviceWarning[];
}): ReactNode {
  const { t } = useTranslation('devices');
  const { fields, values } = props;
  const keys = shownKeys(fields, values);
  return (
    <Card title={t('realtime')}>
      {props.warnings.map((warning) => (
        <Alert
          key={`${warning.code}-${warning.key}`}
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t(`warning.${warning.code}`, { value: valueLabel(fields, warning.key, t) })}
        />
      ))}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        {keys.map((key) => (
          <Descriptions.Item key={key} label={valueLabel(fields, key, t)}>
            <span data-value-key={key}>
              {valueText(fieldOf(fields, key)!.field.format, key, values[key], t)}
            </span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      {keys.length === 0 && t('noValues')}
    </Card>
  );
}
