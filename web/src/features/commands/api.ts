import type {
  bootInverter,
  restartGateway,
  shutdownInverter,
  switchOff,
  switchOn,
} from '@solar/contract';
import {
  cancelCommand,
  type CommandRecord,
  debugGateway,
  listCommunicationLog,
  listDebugLog,
  readInverterSettings,
  writeInverterSettings,
} from '@solar/contract';
import { useApiMutation } from '../../shared/api/hooks';

/** The command endpoints a `DeviceCommandButton` can send (no body, the SN in the path). */
export type DeviceCommandEndpoint =
  | typeof bootInverter
  | typeof shutdownInverter
  | typeof restartGateway
  | typeof switchOn
  | typeof switchOff;

/** Every command lands in a log; the device's state changes in the lists and detail pages. */
const COMMAND_QUERIES = [listCommunicationLog, listDebugLog];

/**
 * Sends one remote command and waits for the device (the call answers when it confirmed,
 * failed or missed its deadline). `isPending` stays true meanwhile; failures (602, 603, 604,
 * 1) reject with the catalogue message and the command record in `error.data`.
 */
export function useDeviceCommand(endpoint: DeviceCommandEndpoint) {
  const mutation = useApiMutation(endpoint, { invalidates: COMMAND_QUERIES });
  return {
    ...mutation,
    send: (sn: string): Promise<CommandRecord> => mutation.mutateAsync({ params: { sn } }),
  };
}

export function useWriteInverterSettings() {
  return useApiMutation(writeInverterSettings, { invalidates: COMMAND_QUERIES });
}

export function useReadInverterSettings() {
  return useApiMutation(readInverterSettings, { invalidates: COMMAND_QUERIES });
}

/** Withdraws a queued command (the call that sent it then answers 608). */
export function useCancelCommand() {
  const mutation = useApiMutation(cancelCommand, { invalidates: COMMAND_QUERIES });
  return {
    ...mutation,
    cancel: (id: string): Promise<CommandRecord> => mutation.mutateAsync({ params: { id } }),
  };
}

export function useDebugGateway() {
  return useApiMutation(debugGateway, { invalidates: COMMAND_QUERIES });
}
