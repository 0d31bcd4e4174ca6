import {
  checkDeviceProtocol,
  createDeviceProtocol,
  type DeviceProtocol,
  ErrorCode,
  PROTOCOL_TRANSPORTS,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { takenOnBlurRule } from '../../../shared/forms/taken-on-blur-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateDeviceProtocol, useUpdateDeviceProtocol } from '../api';
import { TRANSPORT_LABELS } from '../transport-labels';

type ProtocolValues = EndpointBody<typeof createDeviceProtocol>;

/** Adds a device protocol version, or edits a protocol's transport and description. */
export function DeviceProtocolFormModal(
  props: FormModalControl & { protocol: DeviceProtocol | undefined },
): ReactNode {
  const { protocol, ...control } = props;
  const { t } = useTranslation(['products', 'validation']);
  const create = useCreateDeviceProtocol();
  const update = useUpdateDeviceProtocol();
  const isNew = !protocol;

  const save = (values: ProtocolValues) => {
    const details = { transport: values.transport, description: values.description ?? '' };
    if (protocol) {
      return update.mutateAsync({ params: { id: protocol.id }, body: details, loading: true });
    }
    return create.mutateAsync({
      body: { name: values.name, version: values.version, ...details },
      loading: true,
    });
  };

  const versionFree = takenOnBlurRule(
    checkDeviceProtocol,
    (read) => {
      const name = read('name') as string | undefined;
      const version = read('version') as string | undefined;
      return name && version ? { name, version } : null;
    },
    t('versionExists'),
  );

  return (
    <FormModal<ProtocolValues>
      {...control}
      title={isNew ? t('addProtocol') : t('editProtocol')}
      initialValues={{
        name: protocol?.name ?? '',
        version: protocol?.version ?? '',
        transport: protocol?.transport ?? 'mqtt',
        description: protocol?.description ?? '',
      }}
      onSubmit={save}
      fieldErrors={{
        field: 'version',
        messageByCode: { [ErrorCode.codeExists]: t('versionExists') },
      }}
    >
      <FormFields<ProtocolValues>
        body={createDeviceProtocol.body}
        fields={[
          {
            name: 'name',
            label: t('name'),
            isShown: isNew,
            control: { kind: 'text', autoComplete: 'off' },
          },
          {
            name: 'version',
            label: t('version'),
            isShown: isNew,
            control: { kind: 'text', autoComplete: 'off' },
            moreRules: [versionFree],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
          {
            name: 'transport',
            label: t('transport'),
            control: {
              kind: 'select',
              options: PROTOCOL_TRANSPORTS.map((value) => ({
                value,
                label: TRANSPORT_LABELS[value],
              })),
            },
          },
          { name: 'description', label: t('description'), control: { kind: 'text' } },
        ]}
      />
    </FormModal>
  );
}
