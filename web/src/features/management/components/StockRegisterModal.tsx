import { ErrorCode, registerStockDatalogger, type EndpointBody } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useRegisterStockDatalogger } from '../api';

type StockValues = EndpointBody<typeof registerStockDatalogger>;

/** Registers one datalogger from the factory: SN, key, model and hardware revision. */
export function StockRegisterModal(props: FormModalControl): ReactNode {
  const { t } = useTranslation(['management', 'validation']);
  const register = useRegisterStockDatalogger();
  return (
    <FormModal<StockValues>
      {...props}
      title={t('stock.register')}
      initialValues={{ model: '', hardwareVersion: '' }}
      onSubmit={(values) => register.mutateAsync({ body: values, loading: true })}
      fieldErrors={{
        field: 'sn',
        messageByCode: { [ErrorCode.dataloggerInUse]: t('stock.registered') },
      }}
    >
      <FormFields<StockValues>
        body={registerStockDatalogger.body}
        fields={[
          { name: 'sn', label: t('stock.sn'), control: { kind: 'text', autoComplete: 'off' } },
          { name: 'key', label: t('stock.key'), control: { kind: 'text', autoComplete: 'off' } },
          { name: 'model', label: t('stock.model'), control: { kind: 'text' } },
          { name: 'hardwareVersion', label: t('stock.hardware'), control: { kind: 'text' } },
        ]}
      />
    </FormModal>
  );
}
