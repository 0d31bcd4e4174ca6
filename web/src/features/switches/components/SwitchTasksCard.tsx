import type { SwitchTask } from '@solar/contract';
import { Button, Card, Popconfirm, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../../shared/permissions/Permit';
import { useDeleteSwitchTask, useSwitchTasks } from '../api';
import { SwitchTaskModal } from './SwitchTaskModal';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { plantMoment } from '../../../shared/format/formatters';

const RUN_COLORS = { queued: 'blue', retrying: 'orange', done: 'green', failed: 'red' } as const;

/** A switch's timed tasks with their next run and last result; add and remove them. */
export function SwitchTasksCard({ sn }: { sn: string }): ReactNode {
  const { t } = useTranslation('switches');
  const tasks = useSwitchTasks(sn);
  const remove = useDeleteSwitchTask();
  const [isAdding, setAdding] = useState(false);
  const when = (iso: string | null, timeZone: string) => (iso ? plantMoment(iso, timeZone) : '-');
  const schedule = (task: SwitchTask) =>
    task.kind === 'once'
      ? `${task.date} ${task.time}`
      : `${task.weekdays.map((day) => t(`weekdays.${day}`)).join(', ')} ${task.time}`;

  return (
    <Card
      title={t('tasks.title')}
      extra={
        <Permit permission="switch.task">
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('tasks.add')}
          </Button>
        </Permit>
      }
    >
      <ResponsiveTable<SwitchTask>
        rowKey="id"
        size="small"
        loading={tasks.isPending}
        dataSource={tasks.data?.infos ?? []}
        pagination={false}
        columns={[
          {
            key: 'action',
            title: t('tasks.action'),
            render: (_, task) => t(`state.${task.action}`),
          },
          {
            key: 'schedule',
            title: t('tasks.schedule'),
            render: (_, task) => `${schedule(task)} (${task.timeZone})`,
          },
          {
            key: 'next',
            title: t('tasks.nextRun'),
            render: (_, task) => when(task.nextRunAt, task.timeZone),
          },
          {
            key: 'last',
            title: t('tasks.lastRun'),
            render: (_, task) =>
              task.lastRun ? (
                <span title={task.lastRun.reason ?? undefined}>
                  <Tag color={RUN_COLORS[task.lastRun.state]}>
                    {t(`runStates.${task.lastRun.state}`)}
                  </Tag>
                  {when(task.lastRun.finishedAt ?? task.lastRun.dueAt, task.timeZone)}
                </span>
              ) : (
                '-'
              ),
          },
          {
            key: 'delete',
            title: '',
            render: (_, task) => (
              <Permit permission="switch.task">
                <Popconfirm
                  title={t('tasks.deleteQuestion')}
                  onConfirm={() => remove.mutateAsync({ params: { sn, id: task.id } })}
                >
                  <Button size="small" danger>
                    {t('tasks.delete')}
                  </Button>
                </Popconfirm>
              </Permit>
            ),
          },
        ]}
      />
      <SwitchTaskModal sn={sn} open={isAdding} onClose={() => setAdding(false)} />
    </Card>
  );
}
