import { type FleetDatalogger, fleetAnswer, type FleetSource } from '@solar/contract';

const ANSWER_TIMEOUT_MS = 30_000;

/**
 * The fleet of the portal that started this process, asked over the IPC channel it opened
 * (the seam of `@solar/contract`'s `simulation/seam.ts`).
 */
export function ipcFleetSource(): FleetSource {
  return {
    load: () =>
      new Promise<FleetDatalogger[]>((resolve, reject) => {
        const send = process.send?.bind(process);
        if (!send) {
          reject(new Error('--portal needs the IPC channel of the portal that starts it'));
          return;
        }
        const onMessage = (message: unknown) => {
          const answer = fleetAnswer.safeParse(message);
          if (!answer.success) return;
          clearTimeout(timer);
          process.off('message', onMessage);
          resolve(answer.data.dataloggers);
        };
        const timer = setTimeout(() => {
          process.off('message', onMessage);
          reject(new Error('the portal did not answer the fleet request'));
        }, ANSWER_TIMEOUT_MS);
        process.on('message', onMessage);
        send({ type: 'fleetRequest' });
      }),
  };
}
