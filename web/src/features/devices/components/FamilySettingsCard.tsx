import {
  DEVICE_FAMILIES,
  type DeviceSettingField,
  type DeviceSettingValues,
  type GenericFamilyId,
} from '@solar/contract';
import { Alert, Card, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/failure-text';
import { usePermission } from '../../../shared/permissions/Permit';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { useFamilySettings, useWriteFamilySettings } from '../api';

/** What `Form.Item` hands its control: the field's id, value and change handler. */
interface Controlled {
  id?: string;
  value?: unknown;
  checked?: boolean;
  onChange?: (value: unknown) => void;
}

function FieldControl(
  props: { field: DeviceSettingField; isDisabled: boolean } & Controlled,
): ReactNode {
  const { t } = useTranslation('devices');
  const { field, isDisabled, ...controlled } = props;
  switch (field.kind) {
    case 'boolean':
      return (
        <Switch
          id={controlled.id}
          checked={controlled.checked === true}
          onChange={(checked) => controlled.onChange?.(checked)}
          disabled={isDisabled}
        />
      );
    case 'number':
      return (
        <InputNumber
          id={controlled.id}
          value={typeof controlled.value === 'number' ? controlled.value : null}
          onChange={(value) => controlled.onChange?.(value)}
          min={field.min}
          max={field.max}
          step={field.step}
          suffix={field.unit || undefined}
          disabled={isDisabled}
          style={{ width: 200 }}
        />
      );
    case 'choice':
      return (
        <Select
          id={controlled.id}
          value={typeof controlled.value === 'string' ? controlled.value : undefined}
          onChange={(value: string) => controlled.onChange?.(value)}
          disabled={isDisabled}
          style={{ width: 200 }}
          options={field.choices.map((choice) => ({
            value: choice,
            label: t(`choice.${field.key}.${choice}`),
          }))}
        />
      );
    case 'time':
      return (
        <Input
          id={controlled.id}
          value={typeof controlled.value === 'string' ? controlled.value : ''}
          onChange={(event) => controlled.onChange?.(event.target.value)}
          placeholder="HH:mm"
          disabled={isDisabled}
          style={{ width: 120 }}
        />
      );
  }
}

/**
 * The family's settings form, generated from its descriptor: read from where they live (the
 * portal or the device), saved with `equip.setting` and shown again as read back.
 */
export function FamilySettingsCard(props: { family: GenericFamilyId; sn: string }): ReactNode {
  const { t } = useTranslation('devices');
  const settings = DEVICE_FAMILIES[props.family].settings!;
  const current = useFamilySettings(props.family, props.sn);
  const write = useWriteFamilySettings(props.family);
  const mayWrite = usePermission('equip.setting');
  const [form] = Form.useForm<DeviceSettingValues>();

  const save = async (values: DeviceSettingValues) => {
    const changed = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined && value !== null),
    );
    const answer = await write.mutateAsync({
      params: { sn: props.sn },
      body: { values: changed },
      loading: true,
    });
    form.setFieldsValue(answer.values);
  };

  return (
    <Card title={t('settings')} loading={current.isPending}>
      {current.error && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={failureText(current.error, current.error.message)}
        />
      )}
      {current.data && (
        <Form
          form={form}
          layout="horizontal"
          labelCol={{ span: 8 }}
          initialValues={current.data.values}
          onFinish={save}
        >
          {settings.fields.map((field) => (
            <Form.Item
              key={field.key}
              name={field.key}
              label={t(`setting.${field.key}`)}
              valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
              rules={
                field.kind === 'time'
                  ? [{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('timeFormat') }]
                  : []
              }
            >
              <FieldControl field={field} isDisabled={!mayWrite} />
            </Form.Item>
          ))}
          {mayWrite && (
            <SubmitButton type="primary" htmlType="submit">
              {t('save')}
            </SubmitButton>
          )}
        </Form>
      )}
    </Card>
  );
}
