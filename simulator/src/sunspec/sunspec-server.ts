import { ServerTCP } from 'modbus-serial';
import type { SunSpecSite } from './sunspec-site.js';

export interface SunSpecServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves a simulated SunSpec site over Modbus TCP (modbus-serial's server): holding registers
 * read (function 3) and written (6 and 16) at each device's unit id; anything else answers a
 * Modbus exception, as a real device does.
 */
export async function startSunSpecServer(
  site: SunSpecSite,
  { host, port }: { host: string; port: number },
): Promise<SunSpecServer> {
  const server = new ServerTCP(
    {
      getHoldingRegister: (address: number, unitId: number) => site.read(unitId, address, 1)[0]!,
      getMultipleHoldingRegisters: (address: number, length: number, unitId: number) =>
        site.read(unitId, address, length),
      setRegister: (address: number, value: number, unitId: number) =>
        site.write(unitId, address, [value]),
      setRegisterArray: (address: number, values: number[], unitId: number) =>
        site.write(unitId, address, values),
    },
    { host, port },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('initialized', () => resolve());
    server.once('serverError', reject);
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of server.socks.keys()) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
