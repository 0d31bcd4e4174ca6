import type {
  GatewayCommunication,
  GatewayDetail,
  GatewayRow,
  GatewayStatus,
} from '@solar/contract';

export interface GatewayRowRecord {
  id: number;
  sn: string;
  alias: string | null;
  plant_id: number | null;
  plant_name: string | null;
  status: GatewayStatus;
  signal_strength: number | null;
  software_version: string | null;
  last_online_at: Date | null;
  device_count: number;
}

export interface GatewayDetailRecord extends GatewayRowRecord {
  registration_key: string;
  protocol: string;
  transport: 'mqtt' | 'http';
  hardware_version: string | null;
  iccid: string | null;
  connection_password: string | null;
  is_remote_setting_enabled: boolean;
  created_at: Date;
  gsns: string[];
  canManage: boolean;
}

export interface GatewayCommunicationRecord {
  sn: string;
  transport: 'mqtt' | 'http';
  report_interval_seconds: number;
  is_remote_setting_enabled: boolean;
  settings_updated_at: Date | null;
  canManage: boolean;
}

export function presentGatewayRow(row: GatewayRowRecord): GatewayRow {
  return {
    id: row.id,
    sn: row.sn,
    alias: row.alias,
    plantId: row.plant_id,
    plantName: row.plant_name,
    status: row.status,
    signalStrength: row.signal_strength,
    softwareVersion: row.software_version,
    lastOnlineAt: row.last_online_at?.toISOString() ?? null,
    deviceCount: Number(row.device_count),
  };
}

/** The key and connection password only reach callers who may manage the datalogger. */
export function presentGateway(row: GatewayDetailRecord): GatewayDetail {
  return {
    ...presentGatewayRow(row),
    key: row.canManage ? row.registration_key : null,
    protocol: row.protocol,
    transport: row.transport,
    hardwareVersion: row.hardware_version,
    iccid: row.iccid,
    connectionPassword: row.canManage ? row.connection_password : null,
    gsns: row.gsns,
    isRemoteSettingEnabled: row.is_remote_setting_enabled,
    canManage: row.canManage,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentCommunication(
  row: GatewayCommunicationRecord,
  serverAddress: string,
): GatewayCommunication {
  return {
    sn: row.sn,
    transport: row.transport,
    reportIntervalSeconds: row.report_interval_seconds,
    serverAddress,
    isRemoteSettingEnabled: row.is_remote_setting_enabled,
    updatedAt: row.settings_updated_at?.toISOString() ?? null,
    canManage: row.canManage,
  };
}
