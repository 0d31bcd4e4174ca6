import { z } from 'zod';
import type { Permission } from '../permissions/tree.js';
import type { UploadRule } from '../http/upload.js';

/**
 * The firmware library's kinds (spec section 3: equipment type 2 inverter, 7 battery; dataloggers
 * and other devices beside them): the library page's tab, the permission that shows it and the
 * device kinds a firmware of that type upgrades.
 */
export const FIRMWARE_KINDS = [
  {
    id: 'inverter',
    equipType: 2,
    permission: 'firmware.inverter.view',
    deviceKinds: ['inverter'],
  },
  { id: 'battery', equipType: 7, permission: 'firmware.battery.view', deviceKinds: ['battery'] },
  {
    id: 'datalogger',
    equipType: 1,
    permission: 'firmware.inverter.view',
    deviceKinds: ['datalogger'],
  },
  {
    id: 'common',
    equipType: 10,
    permission: 'firmware.inverter.view',
    deviceKinds: ['meter', 'weather', 'switch', 'box', 'epm', 'heat_pump', 'ess'],
  },
] as const satisfies readonly {
  id: string;
  equipType: number;
  permission: Permission;
  deviceKinds: readonly string[];
}[];
export type FirmwareKind = (typeof FIRMWARE_KINDS)[number];
export type FirmwareKindId = FirmwareKind['id'];
export const FIRMWARE_EQUIP_TYPES = FIRMWARE_KINDS.map((kind) => kind.equipType);
export type FirmwareEquipType = FirmwareKind['equipType'];

export function firmwareKindOf(equipType: number): FirmwareKind | undefined {
  return FIRMWARE_KINDS.find((kind) => kind.equipType === equipType);
}

/** The kind whose firmware upgrades devices of `deviceKind` (`datalogger` for a datalogger). */
export function firmwareKindOfDevice(deviceKind: string): FirmwareKind | undefined {
  return FIRMWARE_KINDS.find((kind) =>
    (kind.deviceKinds as readonly string[]).includes(deviceKind),
  );
}

export const UPGRADE_MODES = ['remote', 'local'] as const;
export const UPGRADE_STRATEGIES = ['forced', 'prompt'] as const;

const MB = 1024 * 1024;

/**
 * Spec section 5 gives two readings for firmware files (below 2 MB, and 0 to 15 MB); the larger
 * one is the limit, since inverter images above 2 MB exist and 15 MB still streams comfortably.
 * Browsers declare `.bin` and `.hex` files inconsistently (often with no type at all), so the
 * picker accepts these declared types and the server decides by content.
 */
export const firmwareUpload: UploadRule = {
  field: 'file',
  types: {
    'application/octet-stream': ['bin', 'hex'],
    'application/macbinary': ['bin'],
    'text/plain': ['hex'],
    '': ['bin', 'hex'],
  },
  maxBytes: 15 * MB,
};

/** Letters, digits, dash, underscore and dot, at most 40 characters (spec section 5). */
export const FIRMWARE_FILE_NAME_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;
export const FIRMWARE_FILE_EXTENSIONS = ['bin', 'hex'] as const;
export type FirmwareFileExtension = (typeof FIRMWARE_FILE_EXTENSIONS)[number];

/** The extension a firmware file name ends with, or null when it is not `.bin`/`.hex`. */
export function firmwareExtensionOf(fileName: string): FirmwareFileExtension | null {
  const extension = fileName.split('.').pop()?.toLowerCase();
  return extension === 'bin' || extension === 'hex' ? extension : null;
}

/** Versions such as `V1.2.10`, `2.05` or `1.0.3-b2`: letters, digits, dots, dashes. */
export const FIRMWARE_VERSION_PATTERN = /^[A-Za-z]*\d+([._-]?[A-Za-z0-9]+)*$/;

/**
 * Orders two firmware versions by their numeric parts (`V1.10` after `V1.9`); a letter prefix is
 * ignored and missing parts count as 0, so `1.2` equals `1.2.0`.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const parts = (version: string) => (version.match(/\d+/g) ?? []).map(Number);
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

const text = (max: number) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.maxLength');

/** The fields sent beside the file when a firmware is uploaded (spec section 3). */
export const firmwareFields = z.strictObject({
  /** The vendor's firmware id. */
  firmId: text(64),
  brand: text(64),
  /** The device model code the firmware is for (a device's `model`). */
  product: text(64),
  /** Hardware part number (EPN): a device reporting a hardware version must match it. */
  epn: text(64),
  equipType: z.coerce
    .number()
    .int()
    .refine((value) => firmwareKindOf(value) !== undefined, 'validation.invalid'),
  version: z
    .string()
    .trim()
    .max(32, 'validation.maxLength')
    .regex(FIRMWARE_VERSION_PATTERN, 'validation.invalid'),
  upgradeMode: z.enum(UPGRADE_MODES).default('remote'),
  strategy: z.enum(UPGRADE_STRATEGIES).default('prompt'),
  notes: z.string().trim().max(500, 'validation.maxLength').default(''),
});
export type FirmwareFields = z.output<typeof firmwareFields>;
