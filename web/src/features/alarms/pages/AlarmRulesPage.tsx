import type { AlarmRuleState } from '@solar/contract';
import { Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permissions/PermissionContext';
import { usePlantOptions } from '../../events/api';
import { EVENT_LEVEL_COLOURS } from '../../events/levels';
import { useAlarmRules, useResetAlarmRule } from '../api';
import { AlarmRuleFormModal } from '../components/AlarmRuleFormModal';

/** The alarm rules of the company, or of one plant over them, with who may change them. */
export default function AlarmRulesPage(): ReactNode {
  const { t } = useTranslation(['alarms', 'events']);
  const [plantId, setPlantId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<AlarmRuleState | null>(null);
  const canEdit = usePermission('alarm.rule.edit');
  const rules = useAlarmRules(plantId);
  const plants = usePlantOptions().data?.infos ?? [];
  const reset = useResetAlarmRule();
  const ownSource = plantId === undefined ? 'company' : 'plant';

  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Space style={{ marginBottom: 16 }}>
        <span>{t('scope')}</span>
        <Select<number | 'company'>
          aria-label={t('scope')}
          style={{ minWidth: 240 }}
          value={plantId ?? 'company'}
          onChange={(value) => setPlantId(value === 'company' ? undefined : value)}
          options={[
            { value: 'company', label: t('companyDefaults') },
            ...plants.map((plant) => ({ value: plant.id, label: plant.name })),
          ]}
        />
      </Space>
      <Table<AlarmRuleState>
        rowKey="rule"
        loading={rules.isLoading}
        pagination={false}
        dataSource={rules.data?.infos ?? []}
        columns={[
          { key: 'rule', title: t('title'), render: (_, row) => t(`rules.${row.rule}`) },
          { key: 'code', title: t('events:columns.code'), dataIndex: 'code' },
          {
            key: 'enabled',
            title: t('enabled'),
            render: (_, row) => (row.isEnabled ? <Tag color="green">✓</Tag> : <Tag>–</Tag>),
          },
          {
            key: 'level',
            title: t('level'),
            render: (_, row) => (
              <Tag color={EVENT_LEVEL_COLOURS[row.level]}>{t(`events:levels.${row.level}`)}</Tag>
            ),
          },
          {
            key: 'parameters',
            title: t('parameters'),
            render: (_, row) =>
              Object.entries(row.parameters)
                .map(([key, value]) => `${t(`params.${key}`)}: ${value}`)
                .join(' · '),
          },
          {
            key: 'source',
            title: t('scope'),
            render: (_, row) => <Tag>{t(`source.${row.source}`)}</Tag>,
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  render: (_: unknown, row: AlarmRuleState) => (
                    <Space>
                      <Button size="small" onClick={() => setEditing(row)}>
                        {t('editRule')}
                      </Button>
                      {row.source === ownSource && (
                        <Button
                          size="small"
                          onClick={() =>
                            void reset.mutateAsync({
                              body: { rule: row.rule, ...(plantId ? { plantId } : {}) },
                            })
                          }
                        >
                          {t('reset')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <AlarmRuleFormModal
          open
          state={editing}
          plantId={plantId}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
