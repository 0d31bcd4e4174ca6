import { API_KEY_QUOTA_LIMITS, type ApiKeyKind, type ApiKeyScope, rules } from '@solar/contract';
import { DatePicker, Form, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantOptions } from '../../events/api';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { useCreateApiKey } from '../api';

interface NewKeyValues {
  name: string;
  access: 'read' | 'write';
  plantIds?: number[];
  expiresAt?: Dayjs | null;
  perMinute?: number | null;
  perDay?: number | null;
}

const SCOPES_BY_ACCESS: Readonly<Record<NewKeyValues['access'], ApiKeyScope[]>> = {
  read: ['read'],
  write: ['read', 'write'],
};

/** Names, scopes, plants, expiry and budgets of a new key; `onCreated` receives the key once. */
export function CreateApiKeyDialog(
  props: FormModalControl & { kind: ApiKeyKind; onCreated: (key: string) => void },
): ReactNode {
  const { t } = useTranslation(['account', 'validation']);
  const create = useCreateApiKey();
  const plants = usePlantOptions();

  const submit = async (values: NewKeyValues): Promise<void> => {
    const { key } = await create.mutateAsync({
      body: {
        name: values.name,
        scopes: SCOPES_BY_ACCESS[values.access],
        ...(values.plantIds?.length ? { plantIds: values.plantIds } : {}),
        ...(values.expiresAt ? { expiresAt: values.expiresAt.endOf('day').toISOString() } : {}),
        ...(values.perMinute ? { perMinute: values.perMinute } : {}),
        ...(values.perDay ? { perDay: values.perDay } : {}),
        ...(props.kind === 'company' ? { companyKey: true } : {}),
      },
      loading: true,
    });
    props.onCreated(key);
  };

  return (
    <FormModal<NewKeyValues>
      open={props.open}
      onClose={props.onClose}
      title={t('apiKeys.create')}
      onSubmit={submit}
      initialValues={{ access: 'read' }}
    >
      <Form.Item name="name" label={t('apiKeys.name')} rules={[zodRule(rules.name(40), t)]}>
        <TrimmedInput maxLength={40} autoFocus />
      </Form.Item>
      <Form.Item name="access" label={t('apiKeys.access')}>
        <Radio.Group
          options={[
            { value: 'read', label: t('apiKeys.read') },
            { value: 'write', label: t('apiKeys.write') },
          ]}
        />
      </Form.Item>
      <Form.Item name="plantIds" label={t('apiKeys.plants')} extra={t('apiKeys.allPlants')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={plants.data?.infos.map((plant) => ({ value: plant.id, label: plant.name }))}
        />
      </Form.Item>
      <Form.Item name="expiresAt" label={t('apiKeys.expiresAt')} extra={t('apiKeys.neverExpires')}>
        <DatePicker disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item name="perMinute" label={t('apiKeys.perMinute')} extra={t('apiKeys.defaultQuota')}>
        <InputNumber min={1} max={API_KEY_QUOTA_LIMITS.perMinute} precision={0} />
      </Form.Item>
      <Form.Item name="perDay" label={t('apiKeys.perDay')} extra={t('apiKeys.defaultQuota')}>
        <InputNumber min={1} max={API_KEY_QUOTA_LIMITS.perDay} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
