import { rules, type StockDatalogger } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useUnbindStockDatalogger } from '../api';

/** Takes a datalogger from its plant and holder by force; the reason is required and kept. */
export function StockUnbindModal(
  props: FormModalControl & { datalogger: StockDatalogger | undefined },
): ReactNode {
  const { datalogger, ...control } = props;
  const { t } = useTranslation(['management', 'validation']);
  const unbind = useUnbindStockDatalogger();
  return (
    <FormModal<{ reason: string }>
      {...control}
      title={t('stock.unbindTitle', { sn: datalogger?.sn ?? '' })}
      onSubmit={({ reason }) =>
        unbind.mutateAsync({
          params: { sn: datalogger?.sn ?? '' },
          body: { reason },
          loading: true,
        })
      }
    >
      <FormFields<{ reason: string }>
        fields={[
          {
            name: 'reason',
            label: t('stock.reason'),
            control: { kind: 'text' },
            rules: [
              { required: true, message: t('validation:required') },
              zodRule(rules.text(200), t),
            ],
          },
        ]}
      />
    </FormModal>
  );
}
