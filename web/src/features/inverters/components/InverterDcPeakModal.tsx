import { type EndpointBody, type inverterDcPeak, rules } from '@solar/contract';
import { Form, InputNumber } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useSetInverterDcPeak } from '../api';

type DcPeakValues = EndpointBody<typeof inverterDcPeak>;

/** Sets the DC peak power behind an inverter; left empty, the plant's capacity is shared. */
export function InverterDcPeakModal(
  props: FormModalControl & {
    inverter: { sn: string; dcPeakKw: number | null; isDcPeakKwSet: boolean };
  },
): ReactNode {
  const { inverter, ...control } = props;
  const { t } = useTranslation(['inverters', 'validation']);
  const setDcPeak = useSetInverterDcPeak();
  return (
    <FormModal<DcPeakValues>
      {...control}
      title={t('dcPeak.title', { sn: inverter.sn })}
      initialValues={{ dcPeakKw: inverter.isDcPeakKwSet ? inverter.dcPeakKw : null }}
      onSubmit={(values) =>
        setDcPeak.mutateAsync({
          params: { sn: inverter.sn },
          body: { dcPeakKw: values.dcPeakKw ?? null },
          loading: true,
        })
      }
    >
      <Form.Item
        name="dcPeakKw"
        label={t('field.dcPeak')}
        extra={t('dcPeak.hint')}
        rules={[zodRule(rules.dcPeakKw, t, { optional: true })]}
      >
        <InputNumber
          min={0}
          step={0.1}
          style={{ width: '100%' }}
          suffix="kWp"
          placeholder={inverter.dcPeakKw === null ? undefined : String(inverter.dcPeakKw)}
        />
      </Form.Item>
    </FormModal>
  );
}
