import { VIDEO_DEFAULT_CHECKED_ID, type VideoDeviceRow, type VideoSpaceRow } from '@solar/contract';

export interface ChannelNode {
  key: string;
  title: string;
  isLeaf?: boolean;
  children?: ChannelNode[];
}

export interface ChannelEntry {
  id: number;
  title: string;
  isSimulated: boolean;
}

export const channelKey = (id: number) => `channel-${id}`;

/** Every channel with its display title, in tree order. */
export function channelEntries(devices: readonly VideoDeviceRow[]): ChannelEntry[] {
  return devices.flatMap((device) =>
    device.channels.map((channel) => ({
      id: channel.id,
      title: device.channels.length > 1 ? channel.name : device.name,
      isSimulated: device.protocol === 'simulated',
    })),
  );
}

/** Spec section 9: the root node `0000` stands for every camera and is checked at first. */
export function channelTree(
  rootTitle: string,
  spaces: readonly VideoSpaceRow[],
  devices: readonly VideoDeviceRow[],
): ChannelNode[] {
  const spaceNodes = spaces.map((space) => ({
    key: `space-${space.id}`,
    title: space.name,
    children: devices
      .filter((device) => device.spaceId === space.id)
      .map((device) => ({
        key: `device-${device.id}`,
        title: device.name,
        children: device.channels.map((channel) => ({
          key: channelKey(channel.id),
          title: `${channel.name}${channel.isOnline ? '' : ' ·'}`,
          isLeaf: true,
        })),
      })),
  }));
  return [{ key: VIDEO_DEFAULT_CHECKED_ID, title: rootTitle, children: spaceNodes }];
}

/** The channels the checked keys select; the root selects every channel. */
export function checkedChannels(
  checked: readonly string[],
  entries: readonly ChannelEntry[],
): ChannelEntry[] {
  if (checked.includes(VIDEO_DEFAULT_CHECKED_ID)) return [...entries];
  return entries.filter((entry) => checked.includes(channelKey(entry.id)));
}
