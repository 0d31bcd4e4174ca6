import net from 'node:net';

/** The RTMP port cameras and encoders expect when none is named. */
export const DEFAULT_RTMP_PORT = 1935;

/** Listens on `port` (0: any) on every interface, as the media server does, and lets it go again. */
function probePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(port, () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

/** A port nothing listens on now, for the media server's internal HTTP side. */
export function freePort(): Promise<number> {
  return probePort(0);
}

/**
 * The RTMP port of the embedded media server, checked before it starts (node-media-server ends
 * the process on a port in use). A configured port is that port, or a refusal saying what to do;
 * 0 is any free port; unset is 1935 while it is free, else a free port (a second portal on the
 * host), told through `warn`, since cameras must then be given the new push address.
 */
export async function chooseRtmpPort(
  configured: number | undefined,
  warn: (message: string) => void,
): Promise<number> {
  try {
    return await probePort(configured ?? DEFAULT_RTMP_PORT);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (configured !== undefined) {
      throw new Error(
        `VIDEO_RTMP_PORT ${configured} cannot be used (${reason}); another portal or media server on this host? Set VIDEO_RTMP_PORT to a free port, or to 0 for any free port`,
      );
    }
    const port = await freePort();
    warn(
      `video: RTMP port ${DEFAULT_RTMP_PORT} is in use (${reason}); cameras push to port ${port} instead. Set VIDEO_RTMP_PORT to keep a fixed port`,
    );
    return port;
  }
}
