import type { PtzAction, PtzPosition } from '@solar/contract';

/** The generated scene is larger than the picture sent, so pan, tilt and zoom move the view. */
const SCENE = { width: 960, height: 540 } as const;
const PICTURE = { width: 480, height: 270 } as const;
const FPS = 10;
const ZOOM = { min: 1, max: 3, step: 0.5 } as const;
const PAN_STEP = 0.25;
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export const HOME_POSITION: PtzPosition = { pan: 0, tilt: 0, zoom: 1 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** One PTZ step from a position; pan and tilt run from -1 to 1, zoom from 1 to 3. */
export function stepPosition(position: PtzPosition, action: PtzAction): PtzPosition {
  const move = (pan: number, tilt: number, zoom: number): PtzPosition => ({
    pan: clamp(position.pan + pan, -1, 1),
    tilt: clamp(position.tilt + tilt, -1, 1),
    zoom: clamp(position.zoom + zoom, ZOOM.min, ZOOM.max),
  });
  switch (action) {
    case 'left':
      return move(-PAN_STEP, 0, 0);
    case 'right':
      return move(PAN_STEP, 0, 0);
    case 'up':
      return move(0, -PAN_STEP, 0);
    case 'down':
      return move(0, PAN_STEP, 0);
    case 'zoomIn':
      return move(0, 0, ZOOM.step);
    case 'zoomOut':
      return move(0, 0, -ZOOM.step);
  }
}

/** The part of the scene a position shows: half the scene at zoom 1, smaller when zoomed. */
export function viewOf(position: PtzPosition) {
  const width = Math.round(SCENE.width / 2 / position.zoom / 2) * 2;
  const height = Math.round(SCENE.height / 2 / position.zoom / 2) * 2;
  const x = Math.round(((SCENE.width - width) * (position.pan + 1)) / 2);
  const y = Math.round(((SCENE.height - height) * (position.tilt + 1)) / 2);
  return { width, height, x, y };
}

/**
 * ffmpeg arguments of a simulated camera: a moving test scene cropped to the PTZ view, with the
 * camera's name and a running clock drawn on top, pushed as low-rate H.264 over RTMP
 * (480x270 at 10 frames a second: a few percent of one core).
 */
export function simulatedCameraArgs(name: string, position: PtzPosition, publishUrl: string) {
  const view = viewOf(position);
  const label = name.replace(/[^\p{L}\p{N} ._-]/gu, '');
  const text = (value: string, y: string) =>
    `drawtext=fontfile=${FONT}:text='${value}':x=10:y=${y}:fontsize=22:fontcolor=white:box=1:boxcolor=black@0.6`;
  const filters = [
    `crop=${view.width}:${view.height}:${view.x}:${view.y}`,
    `scale=${PICTURE.width}:${PICTURE.height}`,
    text(label, '10'),
    text('%{localtime\\:%H\\\\\\:%M\\\\\\:%S}', 'h-36'),
  ].join(',');
  return [
    ...['-hide_banner', '-loglevel', 'error', '-re'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${SCENE.width}x${SCENE.height}:rate=${FPS}`],
    ...['-vf', filters],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
    ...['-g', String(FPS), '-pix_fmt', 'yuv420p', '-b:v', '300k'],
    ...['-f', 'flv', publishUrl],
  ];
}

/** ffmpeg arguments relaying a camera's RTSP stream to the media server without re-encoding. */
export function rtspRelayArgs(streamUrl: string, publishUrl: string) {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-rtsp_transport', 'tcp'],
    ...['-i', streamUrl, '-c', 'copy', '-an', '-f', 'flv', publishUrl],
  ];
}
