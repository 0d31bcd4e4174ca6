import {
  alarmRuleParameters,
  type AlarmRuleState,
  type EndpointBody,
  EVENT_LEVEL_LETTERS,
  type saveAlarmRule,
} from '@solar/contract';
import { Form, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useSaveAlarmRule } from '../api';

type AlarmRuleValues = EndpointBody<typeof saveAlarmRule>;

interface AlarmRuleFormModalProps extends FormModalControl {
  state: AlarmRuleState;
  plantId: number | undefined;
}

/** Sets one rule for the company or, with a plant chosen, overrides it for that plant. */
export function AlarmRuleFormModal(props: AlarmRuleFormModalProps): ReactNode {
  const { state, plantId, ...control } = props;
  const { t } = useTranslation(['alarms', 'events', 'validation']);
  // The contract's bounds of each parameter, so the form refuses what the server would.
  const parameterRules: Record<string, z.ZodType> = alarmRuleParameters[state.rule].shape;
  const save = useSaveAlarmRule();
  const submit = (values: AlarmRuleValues) =>
    save.mutateAsync({
      body: { ...values, rule: state.rule, ...(plantId === undefined ? {} : { plantId }) },
      loading: true,
    } as Parameters<typeof save.mutateAsync>[0]);

  return (
    <FormModal<AlarmRuleValues>
      {...control}
      title={`${t('editRule')}: ${t(`rules.${state.rule}`)}`}
      onSubmit={submit}
      initialValues={
        {
          isEnabled: state.isEnabled,
          level: state.level,
          parameters: state.parameters,
        } as Partial<AlarmRuleValues>
      }
    >
      <Form.Item name="isEnabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="level" label={t('level')}>
        <Select
          options={EVENT_LEVEL_LETTERS.map((letter) => ({
            value: letter,
            label: t(`events:levels.${letter}`),
          }))}
        />
      </Form.Item>
      {Object.keys(state.parameters).map((key) => (
        <Form.Item
          key={key}
          name={['parameters', key]}
          label={t(`params.${key}`)}
          rules={[zodRule(parameterRules[key]!, t)]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
