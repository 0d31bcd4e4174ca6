import { VIDEO_DEFAULT_CHECKED_ID, VIDEO_GRID_SIZES } from '@solar/contract';
import { Empty, Segmented, Tree } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permissions/PermissionContext';
import { useVideoDevices, useVideoSpaces } from '../api';
import { channelEntries, channelTree, checkedChannels } from './channel-tree';
import { LivePlayer } from './LivePlayer';
import { PtzPad } from './PtzPad';

type GridSize = (typeof VIDEO_GRID_SIZES)[number];

/** Channel tree on the side, a grid of 1, 4 or 9 live tiles, PTZ for the selected tile. */
export function LiveView(): ReactNode {
  const { t } = useTranslation('video');
  const spaces = useVideoSpaces();
  const devices = useVideoDevices();
  const canPtz = usePermission('video.ptz');
  const [gridSize, setGridSize] = useState<GridSize>(4);
  const [checked, setChecked] = useState<string[]>([VIDEO_DEFAULT_CHECKED_ID]);
  const [selected, setSelected] = useState<number | null>(null);
  const entries = channelEntries(devices.data?.infos ?? []);
  const shown = checkedChannels(checked, entries).slice(0, gridSize);
  const active = shown.find((entry) => entry.id === selected) ?? shown[0];
  return (
    <div className="video-layout">
      <div className="video-side">
        <Tree
          checkable
          defaultExpandAll
          key={entries.length}
          checkedKeys={checked}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          treeData={channelTree(
            t('live.allCameras'),
            spaces.data?.infos ?? [],
            devices.data?.infos ?? [],
          )}
        />
      </div>
      <div className="video-main">
        <Segmented
          value={gridSize}
          onChange={(value) => setGridSize(value as GridSize)}
          options={VIDEO_GRID_SIZES.map((size) => ({
            value: size,
            label: t('live.tiles', { size }),
          }))}
        />
        {shown.length === 0 ? (
          <Empty description={t('live.noChannel')} />
        ) : (
          <div className={`video-grid video-grid-${gridSize}`}>
            {shown.map((entry) => (
              <LivePlayer
                key={entry.id}
                channelId={entry.id}
                title={entry.title}
                isActive={entry.id === active?.id}
                onSelect={() => setSelected(entry.id)}
              />
            ))}
          </div>
        )}
        {canPtz && active?.isSimulated ? <PtzPad channelId={active.id} /> : null}
      </div>
    </div>
  );
}
