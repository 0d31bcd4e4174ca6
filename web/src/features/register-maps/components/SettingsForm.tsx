import {
  ErrorCode,
  misfittingGridCodes,
  type RegisterEntry,
  type RegisterMap,
  settingValueSchema,
  validationFailureData,
} from '@solar/contract';
import { Button, Divider, Form, Input, InputNumber, Select, Switch, Table, Tag } from 'antd';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { readingText } from '../../../shared/format/formatters';
import { validationMessage, zodRule } from '../../../shared/forms/zod-rule';
import {
  changedValues,
  settingsByGroup,
  type SettingValue,
  type SettingValues,
  type WriteSettings,
} from '../setting-values';

export function settingLabel(entry: RegisterEntry, t: TFunction): string {
  return t(`setting.${entry.key}`, { defaultValue: entry.title });
}

function optionLabel(entry: RegisterEntry, value: string, title: string, t: TFunction): string {
  return t(`option.${entry.key}.${value}`, { defaultValue: title });
}

function rulesOf(entry: RegisterEntry, map: RegisterMap, t: TFunction): FormRule[] {
  if (entry.isReadOnly) return [];
  const rules: FormRule[] = [zodRule(settingValueSchema(entry), t, { optional: true })];
  if (entry.isGridCode) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (misfittingGridCodes(map, { [entry.key]: value }).length === 0) return;
        throw new Error(validationMessage('validation.gridType', t));
      },
    });
  }
  return rules;
}

function rangeHint(entry: RegisterEntry, t: TFunction): string | undefined {
  if (entry.isReadOnly) return undefined;
  if (entry.ranges && entry.ranges.length > 0) {
    return entry.ranges.map((r) => t('range', { min: r.min, max: r.max })).join(', ');
  }
  if (entry.min === null || entry.max === null) return undefined;
  return t('range', { min: entry.min, max: entry.max });
}

function SettingInput(props: { entry: RegisterEntry }): ReactNode {
  const { entry, ...controlled } = props;
  const { t } = useTranslation('registerMaps');
  const placeholder = entry.defaultValue === null ? undefined : String(entry.defaultValue);
  switch (entry.type) {
    case 'bool':
      return <Switch {...controlled} disabled={entry.isReadOnly} />;
    case 'enum':
      return (
        <Select
          {...controlled}
          allowClear
          disabled={entry.isReadOnly}
          placeholder={placeholder}
          options={(entry.options ?? []).map((option) => ({
            value: option.value,
            label: optionLabel(entry, option.value, option.title, t),
          }))}
        />
      );
    case 'string':
      return <Input {...controlled} disabled={entry.isReadOnly} />;
    case 'uint16':
    case 'int16':
    case 'uint32':
    case 'int32':
      return (
        <InputNumber
          {...controlled}
          // No min/max here: clamping would hide the out-of-range message.
          step={entry.step ?? undefined}
          disabled={entry.isReadOnly}
          placeholder={placeholder}
          addonAfter={entry.unit ?? undefined}
          style={{ width: '100%' }}
        />
      );
  }
}

function shown(value: SettingValue | undefined, entry: RegisterEntry, t: TFunction): string {
  if (value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t('on') : t('off');
  const option = entry.options?.find((o) => o.value === value);
  if (option) return optionLabel(entry, option.value, option.title, t);
  if (typeof value === 'number') return readingText(value, entry.unit ?? '');
  return entry.unit ? `${value} ${entry.unit}` : value;
}

interface WriteResult {
  sent: SettingValues;
  readBack: SettingValues;
}

/**
 * The settings form generated from a register map: one section per group, an input per
 * setting by type, the contract's rules per field. After a write, each sent value stands next
 * to the value the device read back.
 */
export function SettingsForm(props: {
  map: RegisterMap;
  /** The device's values when read; the form starts from them and sends only changes. */
  current?: SettingValues;
  onWrite?: WriteSettings;
}): ReactNode {
  const { map, onWrite } = props;
  const [baseline, setBaseline] = useState<SettingValues>(props.current ?? {});
  const { t } = useTranslation('registerMaps');
  const [form] = Form.useForm<Record<string, unknown>>();
  const [result, setResult] = useState<WriteResult | null>(null);
  const [isWriting, setIsWriting] = useState(false);
  const [nothingToWrite, setNothingToWrite] = useState(false);
  const byKey = new Map(map.settings.map((entry) => [entry.key, entry]));

  const submit = async (formValues: Record<string, unknown>) => {
    if (!onWrite) return;
    const sent = changedValues(map, formValues, baseline);
    setNothingToWrite(Object.keys(sent).length === 0);
    if (Object.keys(sent).length === 0) return;
    setIsWriting(true);
    try {
      const readBack = await onWrite(sent);
      setResult({ sent, readBack });
      setBaseline((previous) => ({ ...previous, ...readBack }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const failure = validationFailureData.safeParse(error.data);
      if (error.code === ErrorCode.validation && failure.success) {
        form.setFields(
          failure.data.fields.map((f) => ({
            name: f.field,
            errors: [validationMessage(f.message, t)],
          })),
        );
      }
      if (error.code === ErrorCode.gridTypeError) {
        const keys = map.settings.filter((s) => s.isGridCode).map((s) => s.key);
        form.setFields(
          keys.map((name) => ({ name, errors: [validationMessage('validation.gridType', t)] })),
        );
      }
    } finally {
      setIsWriting(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={props.current}
      onFinish={(values) => void submit(values)}
    >
      {settingsByGroup(map).map(([group, entries]) => (
        <section key={group} aria-label={t(`group.${group}`)}>
          <Divider>{t(`group.${group}`)}</Divider>
          <div className="register-map-grid">
            {entries.map((entry) => (
              <Form.Item
                key={entry.key}
                name={entry.key}
                label={settingLabel(entry, t)}
                extra={rangeHint(entry, t)}
                rules={rulesOf(entry, map, t)}
                valuePropName={entry.type === 'bool' ? 'checked' : 'value'}
              >
                <SettingInput entry={entry} />
              </Form.Item>
            ))}
          </div>
        </section>
      ))}
      {onWrite && (
        <Form.Item help={nothingToWrite ? t('nothingToWrite') : undefined}>
          <Button type="primary" htmlType="submit" loading={isWriting}>
            {t('write')}
          </Button>
        </Form.Item>
      )}
      {result && (
        <Table
          aria-label={t('readBackTitle')}
          title={() => t('readBackTitle')}
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={Object.keys(result.sent).map((key) => ({ key }))}
          columns={[
            {
              title: t('column.setting'),
              dataIndex: 'key',
              render: (key: string) => {
                const entry = byKey.get(key);
                return entry ? settingLabel(entry, t) : key;
              },
            },
            {
              title: t('column.sent'),
              dataIndex: 'key',
              render: (key: string) => {
                const entry = byKey.get(key);
                return entry ? shown(result.sent[key], entry, t) : '';
              },
            },
            {
              title: t('column.readBack'),
              dataIndex: 'key',
              render: (key: string) => {
                const entry = byKey.get(key);
                if (!entry) return '';
                const isSame = result.readBack[key] === result.sent[key];
                return (
                  <>
                    {shown(result.readBack[key], entry, t)}{' '}
                    <Tag color={isSame ? 'green' : 'red'}>
                      {isSame ? t('confirmed') : t('differs')}
                    </Tag>
                  </>
                );
              },
            },
          ]}
        />
      )}
    </Form>
  );
}
