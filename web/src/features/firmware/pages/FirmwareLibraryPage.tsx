import {
  FIRMWARE_KINDS,
  type FirmwareKind,
  type FirmwareKindId,
  type FirmwareRecord,
  type EndpointQuery,
  type listFirmwares,
} from '@solar/contract';
import { Tabs, Tag } from 'antd';
import { type ReactNode, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import type { ColumnSpec } from '../../../shared/list-page/list-spec';
import { useListState } from '../../../shared/list-page/useListState';
import {
  PageButtonsContext,
  useHeldPermissions,
} from '../../../shared/permissions/PermissionContext';
import { CampaignDialog } from '../../campaigns/components/CampaignDialog';
import { UpgradeDialog } from '../../upgrades/components/UpgradeDialog';
import { useDeleteFirmware, useFirmwares, useSetFirmwareEnabled } from '../api';
import { FirmwareUploadDialog } from '../components/FirmwareUploadDialog';
import { readerMoment } from '../../../shared/format/formatters';

type Filters = Partial<Pick<EndpointQuery<typeof listFirmwares>, 'keyword'>>;

function columns(t: (key: string) => string): ColumnSpec<FirmwareRecord>[] {
  return [
    { key: 'product', title: t('fields.product'), value: (f) => f.product },
    { key: 'version', title: t('fields.version'), value: (f) => f.version },
    { key: 'brand', title: t('fields.brand'), value: (f) => f.brand },
    { key: 'firmId', title: t('fields.firmId'), value: (f) => f.firmId },
    { key: 'epn', title: t('fields.epn'), value: (f) => f.epn },
    { key: 'fileName', title: t('fields.fileName'), value: (f) => f.fileName },
    { key: 'mode', title: t('fields.upgradeMode'), value: (f) => t(`modes.${f.upgradeMode}`) },
    { key: 'strategy', title: t('fields.strategy'), value: (f) => t(`strategies.${f.strategy}`) },
    {
      key: 'enabled',
      title: t('fields.isEnabled'),
      value: (f) => (
        <Tag color={f.isEnabled ? 'success' : 'default'}>
          {t(f.isEnabled ? 'enabled' : 'disabled')}
        </Tag>
      ),
    },
    { key: 'sha256', title: 'SHA-256', value: (f) => <code>{f.sha256.slice(0, 12)}…</code> },
    {
      key: 'createdAt',
      title: t('fields.createdAt'),
      value: (f) => readerMoment(f.createdAt),
    },
  ];
}

/** One kind's entries: upload, enable or disable, delete, and upgrade devices to one. */
function FirmwareKindList(props: {
  kind: FirmwareKind;
  kinds: readonly FirmwareKind[];
}): ReactNode {
  const { t } = useTranslation(['firmware', 'menu']);
  const list = useListState<Filters>();
  const [isUploading, setUploading] = useState(false);
  const [upgrading, setUpgrading] = useState<FirmwareRecord | null>(null);
  const [campaignFor, setCampaignFor] = useState<FirmwareRecord | null>(null);
  const rows = useFirmwares({
    page: list.page,
    size: list.size,
    equipType: props.kind.equipType,
    keyword: list.filters.keyword,
  });
  const setEnabled = useSetFirmwareEnabled();
  const remove = useDeleteFirmware();
  const permission = props.kind.permission;
  return (
    <>
      <ListPage<FirmwareRecord, Filters>
        title={t(`kinds.${props.kind.id}`)}
        list={list}
        rows={rows}
        rowKey={(f) => f.id}
        columns={columns(t)}
        filters={[{ kind: 'search', key: 'keyword', label: t('search') }]}
        toolbar={[
          {
            kind: 'button',
            label: t('upload.title'),
            permission,
            onClick: () => setUploading(true),
          },
        ]}
        rowActions={[
          {
            kind: 'button',
            label: t('upgrade.action'),
            permission: 'inverter.upgrade',
            onClick: setUpgrading,
            isShown: (f) => f.isEnabled && f.upgradeMode === 'remote',
          },
          {
            kind: 'button',
            label: t('campaigns.action'),
            permission: 'inverter.upgrade',
            onClick: setCampaignFor,
            isShown: (f) => f.isEnabled && f.upgradeMode === 'remote',
          },
          {
            kind: 'confirm',
            label: t('disable'),
            question: t('disableQuestion'),
            permission,
            onConfirm: (f) =>
              setEnabled.mutateAsync({ params: { id: f.id }, body: { isEnabled: false } }),
            isShown: (f) => f.isEnabled,
          },
          {
            kind: 'confirm',
            label: t('enable'),
            question: t('enableQuestion'),
            permission,
            onConfirm: (f) =>
              setEnabled.mutateAsync({ params: { id: f.id }, body: { isEnabled: true } }),
            isShown: (f) => !f.isEnabled,
          },
          {
            kind: 'delete',
            permission,
            onConfirm: (f) => remove.mutateAsync({ params: { id: f.id } }),
          },
        ]}
      />
      <FirmwareUploadDialog
        open={isUploading}
        onClose={() => setUploading(false)}
        kinds={props.kinds}
      />
      {upgrading && <UpgradeDialog firmware={upgrading} onClose={() => setUpgrading(null)} />}
      {campaignFor && (
        <CampaignDialog firmware={campaignFor} onClose={() => setCampaignFor(null)} />
      )}
    </>
  );
}

/**
 * The firmware library of the kinds a menu entry shows (`/firmware/inv`: inverters,
 * dataloggers and other devices; `/firmware/batt`: batteries), one tab per kind.
 */
export function FirmwareLibrary(props: { kindIds: readonly FirmwareKindId[] }): ReactNode {
  const { t } = useTranslation('firmware');
  const kinds = FIRMWARE_KINDS.filter((kind) => props.kindIds.includes(kind.id));
  const [active, setActive] = useState<string>(kinds[0]?.id ?? '');
  const held = useHeldPermissions();
  const routeButtons = useContext(PageButtonsContext);
  if (!kinds.some((kind) => held.has(kind.permission))) return null;
  // The permission tree gives the library menus no buttons: holding a kind's menu entry is what
  // lets the user manage that kind here, beside the page's own buttons (inverter.upgrade).
  const buttons = new Set([
    ...(routeButtons ?? held),
    ...kinds.flatMap((kind) => (held.has(kind.permission) ? [kind.permission] : [])),
  ]);
  return (
    <PageButtonsContext value={buttons}>
      {libraryOf(kinds, active, setActive, t)}
    </PageButtonsContext>
  );
}

function libraryOf(
  kinds: readonly FirmwareKind[],
  active: string,
  setActive: (key: string) => void,
  t: (key: string) => string,
): ReactNode {
  if (kinds.length === 1) return <FirmwareKindList kind={kinds[0]!} kinds={kinds} />;
  return (
    <Tabs
      activeKey={active}
      onChange={setActive}
      destroyOnHidden
      items={kinds.map((kind) => ({
        key: kind.id,
        label: t(`kinds.${kind.id}`),
        children: <FirmwareKindList kind={kind} kinds={kinds} />,
      }))}
    />
  );
}
