import { type GatewayRow, renameGateway, type EndpointBody } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal } from '../../../shared/ui/FormModal';
import { useRenameGateway } from '../api';

type AliasValues = Pick<EndpointBody<typeof renameGateway>, 'alias'>;

/** Sets or clears (empty) a datalogger's alias. */
export function GatewayAliasModal(props: {
  gateway: GatewayRow | undefined;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('gateways');
  const rename = useRenameGateway();
  const { gateway } = props;
  return (
    <FormModal<AliasValues>
      open={gateway !== undefined}
      onClose={props.onClose}
      title={`${t('actions.alias')}: ${gateway?.sn ?? ''}`}
      initialValues={{ alias: gateway?.alias ?? '' }}
      onSubmit={(values) =>
        rename.mutateAsync({
          params: { sn: gateway?.sn ?? '' },
          body: { alias: values.alias },
          loading: true,
        })
      }
    >
      <FormFields<AliasValues>
        body={renameGateway.body}
        fields={[{ name: 'alias', label: t('fields.alias'), control: { kind: 'text' } }]}
      />
    </FormModal>
  );
}
