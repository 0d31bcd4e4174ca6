import {
  type DeviceProtocol,
  PROTOCOL_TRANSPORTS,
  type EndpointQuery,
  type listDeviceProtocols,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  enableActions,
  enabledFilter,
  enabledTag,
  enableTexts,
} from '../../../shared/list-page/enable-actions';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { useDeviceProtocols, useSetDeviceProtocolEnabled } from '../api';
import { DeviceProtocolFormModal } from '../components/DeviceProtocolFormModal';
import { ProtocolColumnsPanel } from '../components/ProtocolColumnsPanel';
import { TRANSPORT_LABELS } from '../transport-labels';
import type { WithTextFields } from '../../../shared/forms/text-fields';

type ProtocolFilters = Partial<
  WithTextFields<
    Pick<EndpointQuery<typeof listDeviceProtocols>, 'transport' | 'enabled' | 'keyword'>,
    'enabled'
  >
>;

/** The protocols devices speak, by name and version, with their transport and columns. */
export default function DeviceProtocolsPage(): ReactNode {
  const { t } = useTranslation(['products', 'menu']);
  const list = useListState<ProtocolFilters>();
  const protocols = useDeviceProtocols({ page: list.page, size: list.size, ...list.filters });
  const setEnabled = useSetDeviceProtocolEnabled();
  const texts = enableTexts(t, 'protocol');

  return (
    <ListPage<DeviceProtocol, ProtocolFilters>
      title={t('menu:managementProtocols')}
      list={list}
      rows={protocols}
      rowKey={(protocol) => protocol.id}
      columns={[
        { key: 'name', title: t('name'), value: (protocol) => protocol.name },
        { key: 'version', title: t('version'), value: (protocol) => protocol.version },
        {
          key: 'transport',
          title: t('transport'),
          value: (protocol) => TRANSPORT_LABELS[protocol.transport],
        },
        { key: 'description', title: t('description'), value: (protocol) => protocol.description },
        {
          key: 'status',
          title: t('status'),
          value: (protocol) => enabledTag(protocol, texts),
        },
      ]}
      expandedRow={(protocol) => <ProtocolColumnsPanel protocol={protocol} />}
      filters={[
        {
          kind: 'select',
          key: 'transport',
          label: t('transport'),
          options: PROTOCOL_TRANSPORTS.map((value) => ({ value, label: TRANSPORT_LABELS[value] })),
        },
        enabledFilter<ProtocolFilters>(t('status'), texts),
        { kind: 'search', key: 'keyword', label: t('searchProtocols') },
      ]}
      toolbar={[{ kind: 'create', label: t('addProtocol'), permission: 'sys.protocol.edit' }]}
      rowActions={[
        { kind: 'edit', permission: 'sys.protocol.edit' },
        ...enableActions<DeviceProtocol>({
          permission: 'sys.protocol.edit',
          texts,
          setEnabled: (id, enabled) =>
            setEnabled.mutateAsync({ params: { id }, body: { enabled } }),
        }),
      ]}
      renderForm={(control, protocol) => (
        <DeviceProtocolFormModal {...control} protocol={protocol} />
      )}
    />
  );
}
