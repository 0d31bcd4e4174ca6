import {
  listVideoAlarmClips,
  listVideoDevices,
  listVideoSpaces,
  videoAlarmClipStream,
  videoMediaServerStatus,
  videoPresets,
  videoPtzCommands,
  type VideoDeviceRow,
} from '@solar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-endpoints';
import { renderPage } from '../../../test/render-page';
import { PlantCamerasCard } from '../components/PlantCamerasCard';
import VideoPage from './VideoPage';

const camera: VideoDeviceRow = {
  id: 7,
  deviceId: '34020000001320000001',
  spaceId: 3,
  name: 'Gate camera',
  plantId: 11,
  plantName: 'Sunny Hill',
  protocol: 'simulated',
  gbId: null,
  isOnline: true,
  channels: [{ id: 21, number: 1, name: 'Gate camera 1', isOnline: true, alarmPreset: 1 }],
};

const routes = {
  ...answer(listVideoSpaces, {
    infos: [
      {
        id: 3,
        name: 'Perimeter',
        retentionDays: 7,
        alarmLevels: ['F', 'P'],
        deviceCount: 1,
        diskBytes: 2_500_000,
      },
    ],
    total: 1,
  }),
  ...answer(listVideoDevices, { infos: [camera], total: 1 }),
  ...answer(videoPresets, { infos: [{ number: 1, name: 'Gate', pan: 0, tilt: 0, zoom: 1 }] }),
  ...answer(videoPtzCommands, {
    infos: [
      {
        id: 1,
        at: '2026-11-20T10:00:00Z',
        action: 'preset',
        presetNumber: 1,
        userEmail: null,
        eventId: 901,
      },
    ],
  }),
  ...answer(videoAlarmClipStream, {
    url: '/api/v1/video/media/alarm-clip.mp4?token=signed',
    expiresAt: '2026-11-20T10:05:00Z',
  }),
  ...answer(videoMediaServerStatus, {
    kind: 'external',
    state: 'unreachable',
    checkedAt: '2026-11-20T10:00:00Z',
  }),
  ...answer(listVideoAlarmClips, {
    infos: [
      {
        id: 5,
        eventId: 901,
        eventCode: '1001',
        eventLevel: 'F',
        plantId: 11,
        plantName: 'Sunny Hill',
        plantTimeZone: 'America/Los_Angeles',
        channelId: 21,
        cameraName: 'Gate camera',
        startsAt: '2026-11-20T09:59:30Z',
        endsAt: '2026-11-20T10:01:00Z',
        sizeBytes: 1_200_000,
      },
    ],
    total: 1,
  }),
};

describe('<VideoPage>', () => {
  it('opens the live view with every camera checked (0000) and the PTZ pad', async () => {
    renderPage(<VideoPage />, { held: ['video.view', 'video.ptz'], routes });
    expect(await screen.findByTestId('live-tile-21')).toBeInTheDocument();
    expect(screen.getByText('All cameras')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Snapshot' })).toBeInTheDocument();
    expect(await screen.findByText('System (alarm 901)')).toBeInTheDocument();
  });

  it('hides the PTZ pad without video.ptz', async () => {
    renderPage(<VideoPage />, { held: ['video.view'], routes });
    expect(await screen.findByTestId('live-tile-21')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
  });

  it('lists spaces with their disk use and cameras with their status', async () => {
    renderPage(<VideoPage />, { held: ['video.view', 'video.manage'], routes });
    await userEvent.click(await screen.findByRole('tab', { name: 'Cameras' }));
    expect(await screen.findByText('2.50 MB')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add camera' })).toBeEnabled();
    expect(await screen.findByText('Media server (external): unreachable')).toBeInTheDocument();
    expect(screen.getByText('F, P')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Edit'));
    expect(await screen.findByLabelText('W · Warning')).not.toBeChecked();
    expect(screen.getByLabelText('F · Fault')).toBeChecked();
  });

  it('hides adding and deleting without video.manage', async () => {
    renderPage(<VideoPage />, { held: ['video.view'], routes });
    await userEvent.click(await screen.findByRole('tab', { name: 'Cameras' }));
    expect(await screen.findByText('Gate camera')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add space' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});

describe('<VideoPage> alarm clips', () => {
  it('lists the clips kept around alarms with their plant, camera, alarm and size', async () => {
    renderPage(<VideoPage />, { held: ['video.view'], routes });
    await userEvent.click(await screen.findByRole('tab', { name: 'Alarm clips' }));
    expect(await screen.findByText('F 1001')).toBeInTheDocument();
    expect(screen.getByText('Sunny Hill')).toBeInTheDocument();
    // On the plant's clock, named by its zone: 09:59 UTC is 1:59 in Napa in November.
    expect(screen.getByText('Nov 20, 2026, 1:59 AM PST')).toBeInTheDocument();
    expect(screen.getByText('1.20 MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download/ })).toBeEnabled();
  });

  it('plays a clip in the page through its signed URL', async () => {
    renderPage(<VideoPage />, { held: ['video.view'], routes });
    await userEvent.click(await screen.findByRole('tab', { name: 'Alarm clips' }));
    await userEvent.click(await screen.findByText('Play'));
    const player = await screen.findByLabelText('Alarm clip', { selector: 'video' });
    expect(player).toHaveAttribute('src', '/api/v1/video/media/alarm-clip.mp4?token=signed');
  });
});

describe('<PlantCamerasCard>', () => {
  it("shows the plant's cameras", async () => {
    renderPage(<PlantCamerasCard plantId={11} />, { held: ['video.view'], routes });
    expect(await screen.findByTestId('live-tile-21')).toBeInTheDocument();
  });

  it('renders nothing without video.view', () => {
    renderPage(<PlantCamerasCard plantId={11} />, { held: ['station.view'], routes });
    expect(screen.queryByText('Cameras')).not.toBeInTheDocument();
  });
});
