import { createGateway, ErrorCode, type EndpointBody } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import type { OptionSpec } from '../../../shared/forms/field-spec';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateGateway } from '../api';

type GatewayValues = EndpointBody<typeof createGateway>;

/** Adds a datalogger with its SN and key; the codes of a refused pair show under the SN. */
export function GatewayFormModal(props: FormModalControl & { plants: OptionSpec[] }): ReactNode {
  const { plants, ...control } = props;
  const { t } = useTranslation(['gateways', 'validation']);
  const create = useCreateGateway();
  return (
    <FormModal<GatewayValues>
      {...control}
      title={t('actions.add')}
      initialValues={{ sn: '', key: '', alias: '', plantId: undefined }}
      onSubmit={(values) =>
        create.mutateAsync({
          body: {
            sn: values.sn,
            key: values.key,
            alias: values.alias,
            plantId: values.plantId ?? '',
          },
          loading: true,
        })
      }
      fieldErrors={{
        field: 'sn',
        messageByCode: {
          [ErrorCode.dataloggerNotFound]: t('create.notFound'),
          [ErrorCode.dataloggerCredentials]: t('create.wrongKey'),
          [ErrorCode.dataloggerInUse]: t('create.inUse'),
        },
      }}
    >
      <FormFields<GatewayValues>
        body={createGateway.body}
        fields={[
          { name: 'sn', label: t('fields.sn'), control: { kind: 'text' } },
          { name: 'key', label: t('fields.key'), control: { kind: 'text', autoComplete: 'off' } },
          { name: 'alias', label: t('fields.alias'), control: { kind: 'text' } },
          {
            name: 'plantId',
            label: t('fields.plant'),
            control: { kind: 'select', options: plants, allowClear: true },
          },
        ]}
      />
    </FormModal>
  );
}
