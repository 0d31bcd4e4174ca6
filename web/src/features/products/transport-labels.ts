import type { ProtocolTransport } from '@solar/contract';

/** Transports by their technical names, the same in every language. */
export const TRANSPORT_LABELS: Record<ProtocolTransport, string> = {
  mqtt: 'MQTT',
  'modbus-rtu': 'Modbus RTU',
  'modbus-tcp': 'Modbus TCP',
  http: 'HTTP',
};
