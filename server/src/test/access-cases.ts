import { randomUUID } from 'node:crypto';
import {
  DEVICE_FAMILIES,
  type Endpoint,
  FAMILY_ENDPOINTS,
  fillPath,
  GENERIC_FAMILY_IDS,
  type GenericFamilyId,
  SETTINGS_ENDPOINTS,
} from '@solar/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import { buildCustomerType, linkCustomer } from './fixtures/customers.factories.js';
import { buildDevice, buildEvent, buildPlant } from './fixtures/plants.factories.js';
import { buildVideoCamera } from './fixtures/video.factories.js';
import { multipartFile, PNG_BYTES } from './fixtures/uploads.factories.js';
import { buildCompanyWithStaff, buildRole, buildUser } from './factories.js';
import { insertCommand } from '../commands/command-store.js';

/**
 * The table the access-control test walks: one entry per registered endpoint, keyed
 * `${method} ${path}`. Secured entries build a sample request for a company fixture; entries
 * whose request names company-owned objects also say how to re-read those objects, so the test
 * can prove that another company's administrator is refused and nothing changed.
 */

export interface AccessFixture {
  deps: AppDeps;
  companyId: number;
  adminId: number;
  /** A staff member of the company (the object of member and profile calls). */
  staffId: number;
  /** A role of the company that nobody holds. */
  spareRoleId: number;
  customerTypeId: number;
  /** An owner account that is a customer of the company. */
  customerUserId: number;
  customerEmail: string;
  agentId: number;
  plantId: number;
  /** An offline inverter (model 3303, settings family dy-store-three; commands get 602 at once) behind the fixture's datalogger. */
  inverterSn: string;
  /** A datalogger bound to the fixture plant, held by the company (key `KEY12345`). */
  gatewayId: number;
  gatewaySn: string;
  /** A debug command queued for the fixture's datalogger (never sent: it is offline). */
  queuedCommandId: string;
  /** An event of a device on the fixture plant. */
  eventId: number;
  /** A firmware of the company for the fixture inverter's model (3303). */
  firmwareId: number;
  /** A download record (export) of the company administrator. */
  exportId: number;
  /** A saved report configuration of the company administrator, on the fixture plant. */
  reportConfigId: number;
  /** An offline switch behind the fixture's datalogger, with one timed task. */
  switchSn: string;
  switchTaskId: number;
  /** An offline EPM behind the fixture's datalogger. */
  epmSn: string;
  /** A camera space of the company with one RTMP camera of one channel. */
  videoSpaceId: number;
  videoDeviceId: number;
  videoChannelId: number;
  /** A live wall-screen link of the company administrator to the fixture plant. */
  fullscreenLinkId: number;
  /** A paused upgrade campaign of the company for the fixture firmware. */
  campaignId: string;
  /** A white-label brand without hosts (platform-only; its key is unique per fixture). */
  brandId: number;
  /** An open work order of the company on the fixture plant, made from the fixture event. */
  workOrderId: number;
  /** A company-wide webhook of the company administrator, with one delivery. */
  webhookId: number;
  webhookDeliveryId: number;
  /** A push subscription of the company administrator. */
  pushSubscriptionId: number;
}

export interface SampleRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** Send a small PNG as multipart field `file` instead of a JSON body. */
  isUpload?: boolean;
}

type Sample = (f: AccessFixture) => SampleRequest;

/** The key of an endpoint's entry in `ACCESS_CASES`. */
export const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

/** The request that sends `sample` to `endpoint`, without credentials. */
export function requestFor(endpoint: Endpoint, sample: SampleRequest): InjectOptions {
  const url = fillPath(endpoint.path, sample.params);
  const upload = sample.isUpload ? multipartFile(PNG_BYTES, 'picture.png', 'image/png') : null;
  return {
    method: endpoint.method,
    url,
    ...(sample.query ? { query: sample.query } : {}),
    ...(upload ?? (endpoint.method === 'GET' ? {} : { payload: sample.body ?? {} })),
  };
}
type Snapshot = (f: AccessFixture) => Promise<unknown>;

export type AccessCase =
  { kind: 'public' } | { kind: 'secured'; sample: Sample; snapshot?: Snapshot };

const PUBLIC: AccessCase = { kind: 'public' };

/** A signed-in or permission endpoint that takes no ids of company-owned objects. */
function secured(sample: Sample = () => ({})): AccessCase {
  return { kind: 'secured', sample };
}

/** An endpoint naming company-owned objects: `snapshot` re-reads what it could change. */
function owned(sample: Sample, snapshot: Snapshot): AccessCase {
  return { kind: 'secured', sample, snapshot };
}

async function rowsOf(deps: AppDeps, table: string, column: string, value: number) {
  const result = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} where ${sql.ref(column)} = ${value} order by 1`.execute(
    deps.db,
  );
  return result.rows;
}

const roleRow = (pick: (f: AccessFixture) => number) => (f: AccessFixture) =>
  rowsOf(f.deps, 'roles', 'id', pick(f));
const exportSample = (f: AccessFixture) => ({ params: { id: f.exportId } });
const exportRow = (f: AccessFixture) => rowsOf(f.deps, 'exports', 'id', f.exportId);
const reportConfigSample = (f: AccessFixture) => ({ params: { id: f.reportConfigId } });
const reportConfigRow = (f: AccessFixture) =>
  rowsOf(f.deps, 'report_configs', 'id', f.reportConfigId);
const reportConfigBody = (f: AccessFixture) => ({
  name: 'Access check',
  plantIds: [f.plantId],
  period: 'month',
  grouping: 'plant',
  columns: ['energyKwh'],
  language: 'en',
  format: 'pdf',
  schedule: null,
});
const userRow = (f: AccessFixture) => rowsOf(f.deps, 'users', 'id', f.staffId);
const workOrderState = async (f: AccessFixture) => ({
  orders: await rowsOf(f.deps, 'work_orders', 'plant_id', f.plantId),
  comments: await rowsOf(f.deps, 'work_order_comments', 'work_order_id', f.workOrderId),
  photos: await rowsOf(f.deps, 'work_order_photos', 'work_order_id', f.workOrderId),
  devices: await rowsOf(f.deps, 'work_order_devices', 'work_order_id', f.workOrderId),
});
const webhookState = async (f: AccessFixture) => ({
  subscription: await rowsOf(f.deps, 'webhook_subscriptions', 'id', f.webhookId),
  deliveries: await rowsOf(f.deps, 'webhook_deliveries', 'subscription_id', f.webhookId),
});
const webhook = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { id: f.webhookId }, ...extra }), webhookState);
const pushSubscriptionRow = (f: AccessFixture) =>
  rowsOf(f.deps, 'push_subscriptions', 'id', f.pushSubscriptionId);
const ALARM_RULE_SAMPLE = {
  rule: 'dataloggerOffline',
  isEnabled: true,
  level: 'W',
  parameters: { daylightMinutes: 90, nightHours: 12 },
};
const workOrder = (extra: (f: AccessFixture) => Omit<SampleRequest, 'params'> = () => ({})) =>
  owned((f) => ({ params: { id: f.workOrderId }, ...extra(f) }), workOrderState);
const customerTypeRow = (f: AccessFixture) =>
  rowsOf(f.deps, 'customer_types', 'id', f.customerTypeId);
const customerRows = (f: AccessFixture) => rowsOf(f.deps, 'customers', 'company_id', f.companyId);
const agentRows = (f: AccessFixture) => rowsOf(f.deps, 'agents', 'company_id', f.companyId);
const plantState = async (f: AccessFixture) => ({
  plant: await rowsOf(f.deps, 'plants', 'id', f.plantId),
  shares: await rowsOf(f.deps, 'plant_shares', 'plant_id', f.plantId),
});

const inverterState = async (f: AccessFixture) => {
  const result = await sql<Record<string, unknown>>`
    select d.*, (select count(*) from samples s where s.device_id = d.id) as sample_count
    from devices d where d.sn = ${f.inverterSn}`.execute(f.deps.db);
  return result.rows;
};
const inverter = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { sn: f.inverterSn }, ...extra }), inverterState);
const commandRows = async (f: AccessFixture) => {
  const datalogger = await f.deps.db
    .selectFrom('dataloggers')
    .select('id')
    .where('sn', '=', f.gatewaySn)
    .executeTakeFirstOrThrow();
  return rowsOf(f.deps, 'device_commands', 'datalogger_id', datalogger.id);
};
const inverterCommand = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { sn: f.inverterSn }, ...extra }), commandRows);
const gatewayCommand = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { sn: f.gatewaySn }, ...extra }), commandRows);

const firmwareRow = (f: AccessFixture) => rowsOf(f.deps, 'firmwares', 'id', f.firmwareId);
const firmware = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { id: f.firmwareId }, ...extra }), firmwareRow);
const upgradeRows = (f: AccessFixture) =>
  rowsOf(f.deps, 'upgrade_jobs', 'firmware_id', f.firmwareId);
const campaignRows = (f: AccessFixture) =>
  rowsOf(f.deps, 'upgrade_campaigns', 'firmware_id', f.firmwareId);

const byId = (pick: (f: AccessFixture) => number) => (f: AccessFixture) => ({
  params: { id: pick(f) },
});
const plant = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { id: f.plantId }, ...extra }), plantState);
const switchTasks = async (f: AccessFixture) => {
  const tasks = await sql<Record<string, unknown>>`
    select t.* from switch_tasks t join devices d on d.id = t.device_id
    where d.sn = ${f.switchSn} order by t.id`.execute(f.deps.db);
  return { tasks: tasks.rows, commands: await commandRows(f) };
};
const switchCall = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { sn: f.switchSn }, ...extra }), switchTasks);
const epmCommand = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { sn: f.epmSn }, ...extra }), commandRows);
const gatewayRow = (f: AccessFixture) => rowsOf(f.deps, 'dataloggers', 'id', f.gatewayId);
const gateway = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { sn: f.gatewaySn }, ...extra }), gatewayRow);
const staffProfile = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { id: f.staffId }, ...extra }), userRow);

/** The fixture's device of a generic family (offline, so device settings are refused at once). */
const familySn = (f: AccessFixture, family: GenericFamilyId) => `${f.gatewaySn}-${family}`;
const familyDeviceState = (family: GenericFamilyId) => async (f: AccessFixture) => {
  const result = await sql<Record<string, unknown>>`
    select d.*, (select count(*) from device_commands c where c.target_sn = d.sn) as commands,
      (select row_to_json(m) from meter_settings m where m.device_id = d.id) as meter_settings
    from devices d where d.sn = ${familySn(f, family)}`.execute(f.deps.db);
  return result.rows;
};
const familyDevice = (family: GenericFamilyId, extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { sn: familySn(f, family) }, ...extra }), familyDeviceState(family));

/** A sample settings write of each family that has settings: its first field's first value. */
function settingsSample(family: GenericFamilyId): Record<string, unknown> {
  const field = DEVICE_FAMILIES[family].settings!.fields[0]!;
  const value =
    field.kind === 'boolean'
      ? true
      : field.kind === 'number'
        ? field.min
        : field.kind === 'choice'
          ? field.choices[0]
          : '08:00';
  return { values: { [field.key]: value } };
}

/** Every generic family's list, detail, day curves and settings (families.ts). */
const FAMILY_CASES: Record<string, AccessCase> = Object.fromEntries(
  GENERIC_FAMILY_IDS.flatMap((family) => {
    const endpoints = FAMILY_ENDPOINTS[family];
    const settings = SETTINGS_ENDPOINTS[family];
    return [
      [`GET ${endpoints.list.path}`, secured()],
      [`GET ${endpoints.detail.path}`, familyDevice(family)],
      [`GET ${endpoints.day.path}`, familyDevice(family, { query: { date: '2026-03-29' } })],
      ...(settings
        ? [
            [`GET ${settings.read.path}`, familyDevice(family)],
            [`POST ${settings.write.path}`, familyDevice(family, { body: settingsSample(family) })],
          ]
        : []),
    ];
  }),
);
const companyRow = (f: AccessFixture) => rowsOf(f.deps, 'companies', 'id', f.companyId);

const NOTICE_DRAFT = {
  type: 0,
  scope: '0',
  startTime: '2030-01-01T00:00:00Z',
  endTime: '2030-01-01T04:00:00Z',
  effectiveTime: '2030-01-01T00:00:00Z',
  zhDesc: '维护',
  enDesc: 'Maintenance',
  zhDuration: '4小时',
  enDuration: '4 hours',
  suggests: [],
};
const videoState = async (f: AccessFixture) => {
  const result = await sql<Record<string, unknown>>`
    select s.*, d.*, c.*, (select count(*) from video_presets p where p.channel_id = c.id) as presets
    from video_spaces s left join video_devices d on d.space_id = s.id
    left join video_channels c on c.device_id = d.id
    where s.company_id = ${f.companyId} order by s.id, d.id, c.id`.execute(f.deps.db);
  return result.rows;
};
const videoChannel = (extra: Omit<SampleRequest, 'params'> = {}) =>
  owned((f) => ({ params: { id: f.videoChannelId }, ...extra }), videoState);
const videoRange = { from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:10:00Z' };

export const ACCESS_CASES: Record<string, AccessCase> = {
  ...FAMILY_CASES,
  'GET /api/v1/device/weather/:sn/performance': familyDevice('weather', { query: { days: '7' } }),
  // System, auth and anonymous calls.
  'GET /health': PUBLIC,
  'GET /health/ready': PUBLIC,
  'GET /health/live': PUBLIC,
  'POST /oauth/token': PUBLIC,
  'POST /oauth/revoke': secured(() => ({ body: { refresh_token: 'unknown' } })),
  'GET /anonymous/getCode': PUBLIC,
  'GET /anonymous/checkCode': PUBLIC,
  'GET /anonymous/checkAccount': PUBLIC,
  'POST /anonymous/signup': PUBLIC,
  'POST /anonymous/resetPwd': PUBLIC,
  'GET /anonymous/ip': PUBLIC,
  'GET /anonymous/language/dicts': PUBLIC,
  'GET /anonymous/language/entrys': PUBLIC,
  'GET /api/v1/management/language/texts': secured(() => ({ query: { lan: 'el' } })),
  'GET /api/v1/management/language/missing': secured(),
  // A key the web app does not have: the fuzz test's platform administrator never overrides a
  // real text that other tests read.
  'PUT /api/v1/management/language/texts': secured(() => ({
    body: { key: 'menu:noSuchText', lan: 'el', value: 'Κείμενο' },
  })),
  'DELETE /api/v1/management/language/texts': secured(() => ({
    query: { key: 'menu:noSuchText', lan: 'el' },
  })),
  'GET /anonymous/firmware/version/timeline': PUBLIC,
  'POST /ingest/v1/data': PUBLIC,
  'POST /ingest/v1/reply': PUBLIC,

  // Company information and members.
  'GET /api/v1/company': secured(),
  'GET /api/v1/companies': secured(),
  'GET /api/v1/companies/choices': secured(),
  'POST /api/v1/companies': secured(() => ({
    body: {
      name: `New company ${Date.now()}`,
      adminEmail: `new-admin-${Date.now()}@example.com`,
      adminNickname: 'New admin',
      adminPassword: 'Secret2026',
    },
  })),
  'POST /api/v1/companies/:id': owned(
    (f) => ({ params: { id: f.companyId }, body: { address: 'Elsewhere 2' } }),
    companyRow,
  ),
  'POST /api/v1/companies/:id/enable': owned(
    (f) => ({ params: { id: f.companyId }, body: { enabled: 'false' } }),
    companyRow,
  ),
  'POST /api/v1/company/user/:id/readOnly': staffProfile({ body: { readOnly: 'true' } }),
  'GET /api/v1/audit': secured(),
  'GET /api/v1/management/sms': secured(),
  'GET /api/v1/management/dataloggers': secured(),
  'POST /api/v1/management/dataloggers': secured(() => ({
    body: { sn: `STOCK${Date.now() % 1_000_000}`, key: 'KEY12345' },
  })),
  'POST /api/v1/management/dataloggers/:sn/unbind': gateway({ body: { reason: 'Returned' } }),
  'POST /api/v1/company': secured(() => ({ body: { address: 'Somewhere 1' } })),
  'POST /api/v1/company/second-factor-policy': secured(() => ({ body: { isRequired: false } })),
  'GET /api/v1/company/check': secured(() => ({ query: { name: 'Any name' } })),
  'POST /api/v1/company/logo': secured(() => ({ isUpload: true })),
  'POST /api/v1/company/icon': secured(() => ({ isUpload: true })),
  'GET /api/v1/company/users': secured(),
  'POST /api/v1/company/user': secured((f) => ({
    body: {
      email: 'new-member@example.com',
      nickname: 'New',
      password: 'Strong123',
      roleId: f.spareRoleId,
    },
  })),
  'POST /api/v1/company/user/:id': owned(
    (f) => ({ params: { id: f.staffId }, body: { nickname: 'Hijacked' } }),
    userRow,
  ),
  'POST /api/v1/company/user/:id/enable': owned(
    (f) => ({ params: { id: f.staffId }, body: { enabled: false } }),
    userRow,
  ),
  'POST /api/v1/company/user/:id/delete': owned(
    byId((f) => f.staffId),
    userRow,
  ),
  'GET /api/v1/company/user/check': secured(() => ({ query: { email: 'a@example.com' } })),

  // Roles.
  'GET /api/v1/company/roles': secured(),
  'GET /api/v1/company/role/check': secured(() => ({ query: { name: 'Any' } })),
  'GET /api/v1/company/role/:id': owned(
    byId((f) => f.spareRoleId),
    roleRow((f) => f.spareRoleId),
  ),
  'POST /api/v1/company/role': secured(() => ({ body: { name: 'New role', permissions: [] } })),
  'POST /api/v1/company/role/:id': owned(
    (f) => ({
      params: { id: f.spareRoleId },
      body: { name: 'Hijacked', permissions: ['station.view'] },
    }),
    roleRow((f) => f.spareRoleId),
  ),
  'POST /api/v1/company/role/:id/delete': owned(
    byId((f) => f.spareRoleId),
    roleRow((f) => f.spareRoleId),
  ),

  // Customers and customer types.
  'GET /api/v1/customers': secured(),
  'POST /api/v1/customer': secured((f) => ({ body: { account: f.customerEmail } })),
  'POST /api/v1/customer/:customerId/:companyId': owned(
    (f) => ({
      params: { customerId: f.customerUserId, companyId: f.companyId },
      body: { remark: 'Hijacked' },
    }),
    customerRows,
  ),
  'DELETE /api/v1/customers/delete/:companyId/:masterId': owned(
    (f) => ({ params: { companyId: f.companyId, masterId: f.customerUserId } }),
    customerRows,
  ),
  'GET /api/v1/customer/check': secured((f) => ({ query: { email: f.customerEmail } })),
  'GET /api/v1/role/:customerId': owned(
    (f) => ({ params: { customerId: f.customerUserId } }),
    customerRows,
  ),
  'GET /api/v1/customer/types': secured(),
  'GET /api/v1/customerTypes': secured(),
  'GET /api/v1/customerType/:id': owned(
    byId((f) => f.customerTypeId),
    customerTypeRow,
  ),
  'POST /api/v1/customerType': secured(() => ({ body: { name: 'New type' } })),
  'POST /api/v1/customerType/:id': owned(
    (f) => ({ params: { id: f.customerTypeId }, body: { name: 'Hijacked' } }),
    customerTypeRow,
  ),
  'POST /api/v1/customerType/:id/delete': owned(
    byId((f) => f.customerTypeId),
    customerTypeRow,
  ),

  // Agents.
  'GET /api/v1/agents': secured(),
  'POST /api/v1/agent': secured(() => ({ body: { account: 'partner@example.com' } })),
  'POST /api/v1/agent/:id/delete': owned(
    byId((f) => f.agentId),
    agentRows,
  ),

  // Permissions, dictionaries, notices, versions, ingestion statistics.
  'GET /api/v1/permission': secured(),
  'GET /api/v1/permission/customer': secured(),
  'GET /api/v1/dict/currencies': secured(),
  'GET /api/v1/dict/timezones': secured(),
  'GET /api/v1/dict/plantTypes': secured(),
  'GET /api/v1/dict/regions': secured(),
  'GET /api/v1/notices': secured(),
  'POST /api/v1/notice': secured(() => ({ body: NOTICE_DRAFT })),
  'POST /api/v1/notice/:id': secured(() => ({ params: { id: 1 }, body: NOTICE_DRAFT })),
  'POST /api/v1/notice/:id/publish': secured(() => ({ params: { id: 1 } })),
  'POST /api/v1/notice/:id/invalidate': secured(() => ({ params: { id: 1 } })),
  'GET /api/v1/notice/view': secured(() => ({
    query: { date: '2026-01-01-00-00-00', scope: '0' },
  })),
  'GET /api/v1/version/latest': secured(),
  'GET /api/v1/version/notes': secured(),
  'GET /api/v1/version/timeline': secured(),
  'GET /api/v1/dict/entries': secured(() => ({ query: { type: 'deviceType' } })),
  'GET /api/v1/management/dictionaries': secured(),
  'GET /api/v1/management/dictionaries/types': secured(),
  'GET /api/v1/management/dictionaries/check': secured(() => ({
    query: { type: 'deviceType', code: 'inverter' },
  })),
  'POST /api/v1/management/dictionaries': secured(() => ({
    body: { type: 'deviceType', code: 'inverter', texts: { en: 'Inverter' } },
  })),
  'PUT /api/v1/management/dictionaries/:id': secured(() => ({
    params: { id: 1 },
    body: { texts: { en: 'Inverter' } },
  })),
  'POST /api/v1/management/dictionaries/:id/enable': secured(() => ({
    params: { id: 1 },
    body: { enabled: 'false' },
  })),
  'GET /api/v1/versions': secured(),
  'GET /api/v1/version/check': secured(() => ({ query: { version: '1.0.0' } })),
  'POST /api/v1/versions': secured(() => ({
    body: { version: '77.0.0', notes: { en: 'Notes' } },
  })),
  'PUT /api/v1/versions/:id': secured(() => ({ params: { id: 1 }, body: { notes: { en: 'x' } } })),
  'DELETE /api/v1/versions/:id': secured(() => ({ params: { id: 1 } })),
  'GET /anonymous/brand': PUBLIC,
  'GET /anonymous/brand/:id/logo': PUBLIC,
  'GET /anonymous/brand/:id/favicon': PUBLIC,
  'GET /api/v1/brands': secured(),
  'POST /api/v1/brands': secured(() => ({
    body: { key: 'access-brand', name: 'Access', primaryColor: '#112233' },
  })),
  'PUT /api/v1/brands/:id': secured((f) => ({
    params: { id: f.brandId },
    body: { name: 'Access', primaryColor: '#112233' },
  })),
  'POST /api/v1/brands/:id/logo': secured((f) => ({ params: { id: f.brandId }, isUpload: true })),
  'POST /api/v1/brands/:id/favicon': secured((f) => ({
    params: { id: f.brandId },
    isUpload: true,
  })),
  'GET /api/v1/ingestion/stats': secured(),
  'GET /api/v1/ingestion/quarantine': secured(),
  'POST /api/v1/ingestion/quarantine/:id/reingest': secured(() => ({ params: { id: 1 } })),
  'POST /api/v1/ingestion/quarantine/:id/delete': secured(() => ({ params: { id: 1 } })),
  'GET /api/v1/management/products': secured(),
  'GET /api/v1/management/products/check': secured(() => ({
    query: { kind: 'inverter', modelCode: '0200' },
  })),
  'POST /api/v1/management/products': secured(() => ({
    body: { kind: 'inverter', modelCode: 'ACCESS-1', name: 'Access model' },
  })),
  'PUT /api/v1/management/products/:id': secured(() => ({
    params: { id: 1 },
    body: { name: 'Access model' },
  })),
  'POST /api/v1/management/products/:id/enable': secured(() => ({
    params: { id: 1 },
    body: { enabled: 'false' },
  })),
  'GET /anonymous/product/:id/image': PUBLIC,
  'POST /api/v1/management/products/:id/image': secured(() => ({
    params: { id: 1 },
    isUpload: true,
  })),
  'GET /api/v1/management/products/:id/hardware': secured(() => ({ params: { id: 1 } })),
  'GET /api/v1/management/products/:id/hardware/check': secured(() => ({
    params: { id: 1 },
    query: { hardwareId: 'V1' },
  })),
  'POST /api/v1/management/products/:id/hardware': secured(() => ({
    params: { id: 1 },
    body: { hardwareId: 'ACCESS-1' },
  })),
  'DELETE /api/v1/management/products/:id/hardware/:revisionId': secured(() => ({
    params: { id: 1, revisionId: 1 },
  })),
  'GET /api/v1/management/protocols': secured(),
  'GET /api/v1/management/protocols/check': secured(() => ({
    query: { name: 'Access', version: '1.0' },
  })),
  'POST /api/v1/management/protocols': secured(() => ({
    body: { name: 'Access', version: '1.0', transport: 'mqtt' },
  })),
  'PUT /api/v1/management/protocols/:id': secured(() => ({
    params: { id: 1 },
    body: { transport: 'mqtt' },
  })),
  'POST /api/v1/management/protocols/:id/enable': secured(() => ({
    params: { id: 1 },
    body: { enabled: 'false' },
  })),
  'GET /api/v1/management/protocols/:id/columns': secured(() => ({ params: { id: 1 } })),
  'POST /api/v1/management/protocols/:id/columns': secured(() => ({
    params: { id: 1 },
    body: { key: 'ACCESS-1', name: 'Access column', valueType: 'uint16' },
  })),
  'PUT /api/v1/management/protocols/:id/columns/:columnId': secured(() => ({
    params: { id: 1, columnId: 1 },
    body: { key: 'ACCESS-1', name: 'Access column', valueType: 'uint16' },
  })),
  'DELETE /api/v1/management/protocols/:id/columns/:columnId': secured(() => ({
    params: { id: 1, columnId: 1 },
  })),

  // The signed-in user's own account: ids of other users are refused.
  'GET /api/v1/user': secured(),
  'POST /api/v1/user': secured(() => ({ body: { nickname: 'Renamed' } })),
  'POST /api/v1/user/:id': staffProfile({ body: { nickname: 'Hijacked' } }),
  'POST /api/v1/user/:id/pwd': staffProfile({
    body: { oldPassword: 'Test1234', newPassword: 'Hijack123' },
  }),
  'POST /api/v1/user/check/pwd': secured(() => ({ body: { password: 'Test1234' } })),
  'GET /api/v1/user/second-factor': secured(),
  'POST /api/v1/user/second-factor/totp/setup': secured(),
  'POST /api/v1/user/second-factor/totp/enable': secured(() => ({ body: { code: '123456' } })),
  'POST /api/v1/user/second-factor/totp/disable': secured(() => ({
    body: { password: 'Wrong1234' },
  })),
  'POST /api/v1/user/second-factor/passkeys/options': secured(),
  'POST /api/v1/user/second-factor/passkeys': secured(() => ({
    body: { name: 'Laptop', response: {} },
  })),
  'DELETE /api/v1/user/second-factor/passkeys/:id': secured(() => ({ params: { id: 1 } })),
  'POST /api/v1/user/:id/avatar': staffProfile({ isUpload: true }),
  'GET /api/v1/user/personalized': secured(),
  'POST /api/v1/user/personalized': secured(() => ({ body: { styleType: 1 } })),
  'GET /api/v1/user/notify': secured(),
  'POST /api/v1/user/notify': secured(() => ({
    body: { notifyByEmail: false, notifyLevels: ['F'] },
  })),
  'GET /api/v1/user/notify/enable': secured(),
  'GET /api/v1/user/notify/code': secured(),
  'PUT /api/v1/user/sms': secured(() => ({ body: { smsPhone: '', smsOptIn: false } })),
  'POST /api/v1/user/sms/code': secured(() => ({ body: { smsPhone: '+4915112345678' } })),
  'GET /api/v1/user/:id/plantCount': staffProfile(),
  'GET /api/v1/user/:id/eventCount': staffProfile(),

  // Plants.
  'GET /api/v1/plants': secured(),
  'GET /api/v1/plants/map': secured(),
  'GET /api/v1/plant/filter': secured(),
  'POST /api/v1/plant': secured(() => ({
    body: { name: 'New plant', capacityKwp: 5, plantType: 'grid', timeZone: 'UTC' },
  })),
  'GET /api/v1/plant/:id': plant(),
  'POST /api/v1/plant/:id': plant({ body: { name: 'Hijacked' } }),
  'POST /api/v1/plant/:id/info': plant({
    body: { name: 'Hijacked', capacityKwp: 1, plantType: 'grid', timeZone: 'UTC' },
  }),
  'POST /api/v1/plant/:id/income': plant({
    body: { currency: 'USD', valuationMethod: 'constant', constantPrice: 1 },
  }),
  'POST /api/v1/plant/:id/contacts': plant({ body: { contacts: [] } }),
  'POST /api/v1/plant/:id/delete': plant(),
  'POST /api/v1/plant/:id/thumbnail': plant({ isUpload: true }),
  'POST /api/v1/plant/:id/share': plant({
    body: { account: 'visitor@example.com', role: 'manager' },
  }),
  'POST /api/v1/plant/:id/cancelShare': plant({ body: { account: 'visitor@example.com' } }),
  'GET /api/v1/plant/:id/getShareUsers': plant(),
  'POST /api/v1/plant/:id/transfer': plant({ body: { account: 'visitor@example.com' } }),
  'POST /api/v1/plant/:id/gateway': plant({ body: { sn: 'SN0000001', key: 'KEY000001' } }),
  'POST /api/v1/plant/:id/gateway/unbind': plant({ body: { sn: 'SN0000001' } }),
  'GET /api/v1/plant/:id/devices': plant(),

  // Dataloggers (gateways).
  'GET /api/v1/gateways': secured((f) => ({ query: { plantId: String(f.plantId) } })),
  'GET /api/v1/gateway/:sn': gateway(),
  'POST /api/v1/gateway': owned(
    (f) => ({ body: { sn: f.gatewaySn, key: 'KEY12345', plantId: f.plantId } }),
    gatewayRow,
  ),
  'POST /api/v1/gateway/:sn/delete': gateway(),
  'POST /api/v1/gateway/:sn/alias': gateway({ body: { alias: 'Hijacked' } }),
  'POST /api/v1/gateway/:sn/unbind': gateway(),
  'GET /api/v1/gateway/:sn/protocol': gateway(),
  'POST /api/v1/gateway/:sn/protocol': gateway({
    body: { transport: 'http', reportIntervalSeconds: 300 },
  }),
  'POST /api/v1/gateway/:sn/settings/switch': gateway({ body: { isEnabled: false } }),
  'POST /api/v1/gateways/check': secured((f) => ({
    body: { gateways: [{ sn: f.gatewaySn, key: 'KEY12345' }] },
  })),
  'POST /api/v1/gateways/import': secured(() => ({ isUpload: true })),

  // Plant overview, energy and income.
  'GET /api/v1/portfolio': secured(),
  'GET /api/v1/fullscreen': owned((f) => ({ query: { plantId: String(f.plantId) } }), plantState),
  'POST /api/v1/fullscreen/links': owned(
    (f) => ({ body: { plantId: f.plantId, validHours: 24 } }),
    (f) => rowsOf(f.deps, 'fullscreen_links', 'plant_id', f.plantId),
  ),
  'GET /api/v1/fullscreen/links': secured(),
  'DELETE /api/v1/fullscreen/links/:id': owned(
    byId((f) => f.fullscreenLinkId),
    (f) => rowsOf(f.deps, 'fullscreen_links', 'id', f.fullscreenLinkId),
  ),
  'GET /anonymous/fullscreen': PUBLIC,
  'GET /anonymous/download-center': PUBLIC,
  'GET /anonymous/download-center/:id/file': PUBLIC,
  'POST /api/v1/download-center': secured(() => ({ isUpload: true })),
  'DELETE /api/v1/download-center/:id': secured(() => ({ params: { id: 1 } })),
  'GET /api/v1/plant/:id/realtime': plant(),
  'GET /api/v1/plant/:id/live': plant(),
  'GET /api/v1/plant/:id/power': plant({ query: { date: '2026-01-01' } }),
  'GET /api/v1/plant/:id/energy/day': plant({ query: { month: '2026-01' } }),
  'GET /api/v1/plant/:id/energy/month': plant({ query: { year: '2026' } }),
  'GET /api/v1/plant/:id/energy/year': plant(),
  'GET /api/v1/plant/:id/energy/total': plant(),
  'GET /api/v1/plant/:id/incomes/day': plant({ query: { month: '2026-01' } }),
  'GET /api/v1/plant/:id/incomes/month': plant({ query: { year: '2026' } }),
  'GET /api/v1/plant/:id/incomes/year': plant(),
  'GET /api/v1/plant/:id/incomes/total': plant(),
  'GET /api/v1/plant/:id/environmental': plant(),
  'GET /api/v1/weather': owned((f) => ({ query: { plantId: String(f.plantId) } }), plantState),
  'GET /api/v1/plant/:id/inverterCount': plant(),
  'GET /api/v1/plant/:id/eventCount': plant(),
  'GET /api/v1/plant/:id/events': plant(),
  'GET /api/v1/plant/:id/energyFlow': plant(),
  'GET /api/v1/plant/:id/generationUse': plant({ query: { range: 'day' } }),
  'GET /api/v1/plant/report': owned(
    (f) => ({
      query: {
        plantId: String(f.plantId),
        granularity: 'day',
        from: '2026-01-01',
        to: '2026-01-02',
      },
    }),
    plantState,
  ),

  // Register maps and inverter settings.
  'GET /api/v1/register-maps': secured(),
  'GET /api/v1/register-maps/:family': secured(() => ({ params: { family: 'mt' } })),
  'POST /api/v1/register-maps/import': secured(() => ({
    body: {
      family: 'mt',
      model: {
        id: 64100,
        group: { name: 'x', points: [{ name: 'A', type: 'uint16', access: 'RW' }] },
      },
    },
  })),
  'POST /api/v1/register-maps/import-protocol': secured(() => ({
    body: { family: 'mt', protocolId: 1 },
  })),
  'GET /api/v1/inverter/:sn/settings/map': inverter(),
  'GET /api/v1/inverters': secured(),
  'GET /api/v1/inverters/count': secured(),
  'POST /api/v1/inverter/:sn/alias': inverter({ body: { alias: 'Hijacked' } }),
  'POST /api/v1/inverter/:sn/dc-peak': inverter({ body: { dcPeakKw: 99 } }),
  'POST /api/v1/inverter/:sn/delete': inverter(),
  'GET /api/v1/inverter/:sn': inverter(),
  'GET /api/v1/inverter/:sn/day': inverter({ query: { date: '2026-03-29' } }),
  'GET /api/v1/inverter/:sn/day/csv': inverter({ query: { date: '2026-03-29' } }),
  'GET /api/v1/chart/param/equip': secured(),
  'GET /api/v1/chart/param/custom': secured(),
  'POST /api/v1/chart/param/custom': secured(() => ({ body: { params: ['pac_w'] } })),
  'GET /api/v1/chart/param/:sn/new/day': inverter({
    query: { date: '2026-03-29', params: 'pac_w,pv1_v' },
  }),
  'GET /api/v1/equip/:sn/realtime': inverter(),
  // Portal-wide events.
  'GET /api/v1/events': secured(() => ({ query: { level: 'P', status: 'open' } })),
  'POST /api/v1/events/acknowledge': owned(
    (f) => ({ body: { ids: [f.eventId] } }),
    (f) => rowsOf(f.deps, 'events', 'id', f.eventId),
  ),
  'GET /api/v1/events/export': secured(() => ({ query: { status: 'closed' } })),
  'GET /api/v1/event-descriptions': secured(() => ({ query: { code: '1' } })),
  // Device commands and their logs.
  'POST /api/v1/inverter/:sn/boot': inverterCommand(),
  'POST /api/v1/inverter/:sn/shutdown': inverterCommand(),
  'POST /api/v1/inverter/:sn/settings': inverterCommand({
    body: { values: { activePowerLimitPct: 80 } },
  }),
  'GET /api/v1/inverter/:sn/settings/current': inverterCommand(),
  'POST /api/v1/gateway/:sn/restart': gatewayCommand(),
  'POST /api/v1/gateway/:sn/debug': gatewayCommand({ body: { payload: 'AT+VER' } }),
  // Switches, EPM and public realtime links.
  'POST /api/v1/switch/:sn/on': switchCall(),
  'POST /api/v1/switch/:sn/off': switchCall(),
  'POST /api/v1/switch/:sn/leakage-test': switchCall(),
  'GET /api/v1/switch/:sn/tasks': switchCall(),
  'POST /api/v1/switch/:sn/tasks': switchCall({
    body: { kind: 'repeat', action: 'off', weekdays: [1, 2], time: '07:30' },
  }),
  'POST /api/v1/switch/:sn/task/:id/delete': owned(
    (f) => ({ params: { sn: f.switchSn, id: f.switchTaskId } }),
    switchTasks,
  ),
  'GET /api/v1/epm/:sn/settings': epmCommand(),
  'POST /api/v1/epm/:sn/settings': epmCommand({
    body: { mode: 'watts', limit: 3000, failSafe: 'zeroExport' },
  }),
  'POST /api/v1/equip/:sn/share-link': owned(
    (f) => ({ params: { sn: f.epmSn }, body: { validHours: 24 } }),
    commandRows,
  ),
  'GET /anonymous/realtime': PUBLIC,
  // API keys.
  'POST /api/v1/api-keys': secured(() => ({ body: { name: 'Access check', scopes: ['read'] } })),
  'GET /api/v1/api-keys': secured(),
  'POST /api/v1/api-keys/:id/delete': secured(() => ({ params: { id: 2 ** 31 - 1 } })),
  'GET /api/v1/companies/:id/api-key-quota': owned(
    (f) => ({ params: { id: f.companyId } }),
    companyRow,
  ),
  'POST /api/v1/companies/:id/api-key-quota': owned(
    (f) => ({ params: { id: f.companyId }, body: { perMinute: 5, perDay: null } }),
    companyRow,
  ),
  // Video.
  'GET /api/v1/video/spaces': secured(),
  'POST /api/v1/video/space': secured(() => ({ body: { name: 'Roof', retentionDays: 7 } })),
  'POST /api/v1/video/space/:id': owned(
    (f) => ({ params: { id: f.videoSpaceId }, body: { name: 'Roof', retentionDays: 7 } }),
    videoState,
  ),
  'POST /api/v1/video/space/:id/delete': owned(
    byId((f) => f.videoSpaceId),
    videoState,
  ),
  'GET /api/v1/video/devices': secured(),
  'GET /api/v1/video/device/:id': owned(
    byId((f) => f.videoDeviceId),
    videoState,
  ),
  'POST /api/v1/video/device': owned(
    (f) => ({ body: { spaceId: f.videoSpaceId, name: 'Gate', protocol: 'rtmp' } }),
    videoState,
  ),
  'POST /api/v1/video/device/:id/delete': owned(
    byId((f) => f.videoDeviceId),
    videoState,
  ),
  'POST /api/v1/video/channel/:id/live': videoChannel(),
  'GET /api/v1/video/channel/:id/recordings': videoChannel({ query: videoRange }),
  'POST /api/v1/video/channel/:id/playback': videoChannel({ body: videoRange }),
  'POST /api/v1/video/channel/:id/ptz': videoChannel({ body: { action: 'left' } }),
  'GET /api/v1/video/channel/:id/presets': videoChannel(),
  'POST /api/v1/video/channel/:id/preset': videoChannel({ body: { number: 1, name: 'Gate' } }),
  'POST /api/v1/video/channel/:id/preset/:number/goto': owned(
    (f) => ({ params: { id: f.videoChannelId, number: 1 } }),
    videoState,
  ),
  'POST /api/v1/video/channel/:id/alarm-preset': videoChannel({ body: { number: null } }),
  'GET /api/v1/video/channel/:id/ptz-commands': videoChannel(),
  'GET /api/v1/video/media/live.flv': PUBLIC,
  'GET /api/v1/video/media/playlist.m3u8': PUBLIC,
  'GET /api/v1/video/media/segment.ts': PUBLIC,
  'GET /api/v1/video/media/clip.ts': PUBLIC,
  'GET /api/v1/video/media/alarm-clip.mp4': PUBLIC,
  'POST /api/v1/video/alarm-clips/:id/play': secured(() => ({ params: { id: 1 } })),
  'GET /api/v1/video/media-server': secured(),
  'GET /api/v1/video/alarm-clips': secured(),
  'GET /api/v1/video/alarm-clips/:id/file': secured(() => ({ params: { id: 1 } })),
  'GET /api/v1/logs/communication': secured(),
  'GET /api/v1/logs/debug': secured(),
  'POST /api/v1/commands/:id/cancel': owned(
    (f) => ({ params: { id: f.queuedCommandId } }),
    commandRows,
  ),
  // Firmware library, upgrades and the maintenance log.
  'POST /api/v1/firmware': secured(() => ({ isUpload: true })),
  'GET /api/v1/firmwares': secured(() => ({ query: { equipType: '2' } })),
  'PUT /api/v1/firmware/:id/enabled': firmware({ body: { isEnabled: false } }),
  'DELETE /api/v1/firmware/:id': firmware(),
  'GET /api/v1/firmware/versions': secured(),
  'POST /api/v1/inverter/:sn/upgrade': owned(
    (f) => ({ params: { sn: f.inverterSn }, body: { firmwareId: f.firmwareId } }),
    upgradeRows,
  ),
  'POST /api/v1/upgrades/batch': owned(
    (f) => ({ body: { firmwareId: f.firmwareId, sns: [f.inverterSn], includeOffline: true } }),
    upgradeRows,
  ),
  'POST /api/v1/upgrades/cut': owned(
    (f) => ({ body: { firmwareId: f.firmwareId, sns: [f.inverterSn], includeOffline: true } }),
    upgradeRows,
  ),
  'GET /api/v1/inverter/:sn/upgrade/progress': inverter(),
  'GET /api/v1/upgrades/batch/:batchId': secured(() => ({
    params: { batchId: '00000000-0000-4000-8000-000000000000' },
  })),
  'POST /device/v1/upgrade/:jobId/report': PUBLIC,
  'POST /api/v1/upgrades/campaigns': owned(
    (f) => ({ body: { name: 'Access', firmwareId: f.firmwareId, window: { mode: 'any' } } }),
    campaignRows,
  ),
  'GET /api/v1/upgrades/campaigns': secured(),
  'GET /api/v1/upgrades/campaigns/:campaignId': owned(
    (f) => ({ params: { campaignId: f.campaignId } }),
    campaignRows,
  ),
  'POST /api/v1/upgrades/campaigns/:campaignId/action': owned(
    (f) => ({ params: { campaignId: f.campaignId }, body: { action: 'cancel' } }),
    campaignRows,
  ),
  'GET /api/v1/logs/maintenance': secured(),
  'GET /api/v1/logs/maintenance/export': secured(),
  // The export centre: records belong to their requester.
  'POST /api/v1/exports': secured(() => ({ body: { kind: 'plants', format: 'csv' } })),
  'GET /api/v1/exports/:id': owned(exportSample, exportRow),
  'GET /api/v1/exports/:id/file': owned(exportSample, exportRow),
  'DELETE /api/v1/exports/:id': owned(exportSample, exportRow),
  'GET /api/v1/downloads': secured(),
  // Reports: plants are checked against the caller's (700), configurations belong to their user.
  'POST /api/v1/reports/run': secured((f) => ({
    body: { grouping: 'plant', plantIds: [f.plantId], from: '2026-03-01', to: '2026-03-31' },
  })),
  'GET /api/v1/report/configs': secured(),
  'POST /api/v1/report/config': secured((f) => ({ body: reportConfigBody(f) })),
  'POST /api/v1/report/config/:id': owned(
    (f) => ({ ...reportConfigSample(f), body: reportConfigBody(f) }),
    reportConfigRow,
  ),
  'DELETE /api/v1/report/config/:id': owned(reportConfigSample, reportConfigRow),
  'GET /api/v1/report/config/:id/deliveries': owned(reportConfigSample, reportConfigRow),
  'GET /api/v1/work-orders': secured(),
  'GET /api/v1/work-orders/kpis': secured(),
  'GET /api/v1/work-orders/assignees': owned(
    (f) => ({ query: { plantId: String(f.plantId) } }),
    workOrderState,
  ),
  'GET /api/v1/work-orders/:id': workOrder(),
  'POST /api/v1/work-orders': owned(
    (f) => ({
      body: { plantId: f.plantId, title: 'Access check', priority: 'P2', eventIds: [f.eventId] },
    }),
    workOrderState,
  ),
  'POST /api/v1/work-orders/:id': workOrder((f) => ({
    body: { title: 'Changed', priority: 'P4', deviceSns: [f.inverterSn] },
  })),
  'POST /api/v1/work-orders/:id/assign': workOrder((f) => ({ body: { assigneeId: f.staffId } })),
  'POST /api/v1/work-orders/:id/status': workOrder(() => ({
    body: { status: 'done', resolution: 'Access check', closeAlarms: true },
  })),
  'POST /api/v1/work-orders/:id/comments': workOrder(() => ({ body: { body: 'Access check' } })),
  'POST /api/v1/work-orders/:id/photos': workOrder(() => ({ isUpload: true })),
  // Alarm rules, as the company's defaults (the tenant rules); a plant's overrides are refused
  // to other companies with 700 (alarms.test.ts).
  'GET /api/v1/alarm-rules': secured(),
  'POST /api/v1/alarm-rules': secured(() => ({ body: ALARM_RULE_SAMPLE })),
  'POST /api/v1/alarm-rules/reset': secured(() => ({ body: { rule: 'dataloggerOffline' } })),
  'GET /api/v1/plant/:id/lost-energy': plant(),
  // Webhooks: a subscription belongs to its user, a company-wide one also to its company.
  'GET /api/v1/webhooks': secured(() => ({ query: { scope: 'company' } })),
  'POST /api/v1/webhooks': secured(() => ({
    body: { url: 'http://8.8.8.8/hooks/access', events: ['event.opened'] },
  })),
  'POST /api/v1/webhooks/:id': webhook({ body: { isEnabled: false } }),
  'POST /api/v1/webhooks/:id/delete': webhook({ body: {} }),
  'POST /api/v1/webhooks/:id/rotate-secret': webhook({ body: {} }),
  'POST /api/v1/webhooks/:id/test': webhook({ body: {} }),
  'GET /api/v1/webhooks/:id/deliveries': webhook(),
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': owned(
    (f) => ({ params: { id: f.webhookId, deliveryId: f.webhookDeliveryId }, body: {} }),
    webhookState,
  ),
  // Push: subscriptions belong to their user.
  'GET /api/v1/push/vapid-public-key': secured(),
  'POST /api/v1/push/subscriptions': secured(() => ({
    body: {
      endpoint: 'https://8.8.8.8/push/access',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    },
  })),
  'GET /api/v1/push/subscriptions': secured(),
  'POST /api/v1/push/subscriptions/:id/delete': owned(
    byId((f) => f.pushSubscriptionId),
    pushSubscriptionRow,
  ),
  'POST /api/v1/push/test': secured(),
  'POST /api/v1/report/config/:id/file': owned(
    (f) => ({ ...reportConfigSample(f), body: {} }),
    reportConfigRow,
  ),
};

/** A company with members, a spare role, a customer type, a customer, an agent and a plant. */
export async function buildAccessFixture(deps: AppDeps): Promise<AccessFixture> {
  const { company, admin, staff } = await buildCompanyWithStaff(deps, ['station.view']);
  const spareRole = await buildRole(deps, company.id, ['station.view']);
  const customerType = await buildCustomerType(deps, company.id);
  const customer = await buildUser(deps);
  await linkCustomer(deps, company.id, customer.id, customerType.id);
  const partner = await buildCompanyWithStaff(deps);
  const agent = await deps.db
    .insertInto('agents')
    .values({ company_id: company.id, agent_user_id: partner.admin.id, remark: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plantRow = await buildPlant(deps, admin.id, {
    name: 'Access fixture plant',
    company_id: company.id,
  });
  const gatewayRow = await deps.db
    .insertInto('dataloggers')
    .values({
      sn: `ACCESS${plantRow.id}`,
      registration_key: 'KEY12345',
      plant_id: plantRow.id,
      owner_company_id: company.id,
    })
    .returning(['id', 'sn'])
    .executeTakeFirstOrThrow();
  const inverter = await buildDevice(deps, gatewayRow.id, {
    kind: 'inverter',
    modelCode: '3303',
    status: 'offline',
    lastValues: { pac_w: 1200 },
  });
  const event = await buildEvent(deps, inverter.id, { code: '101', level: 5 });
  const firmwareRow = await deps.db
    .insertInto('firmwares')
    .values({
      company_id: company.id,
      firm_id: 'FW-ACCESS',
      brand: 'Solar',
      product: '3303',
      epn: 'EPN-1',
      equip_type: 2,
      version: '9.9.9',
      file_name: 'access.bin',
      object_key: 'firmware/access-fixture.bin',
      size_bytes: 1,
      sha256: '0'.repeat(64),
      upgrade_mode: 'remote',
      strategy: 'prompt',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaign = await deps.db
    .insertInto('upgrade_campaigns')
    .values({
      id: randomUUID(),
      company_id: company.id,
      name: 'Access campaign',
      firmware_id: firmwareRow.id,
      firmware_file_name: 'access.bin',
      to_version: '9.9.9',
      status: 'paused',
      pause_reason: 'user',
      canary_percent: '1',
      growth_factor: '2',
      max_wave_size: 10,
      failure_threshold_percent: '20',
      wave_timeout_minutes: 60,
      offline_retries: 1,
      window_mode: 'any',
      download_base_url: 'http://localhost',
      created_by: admin.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const family of GENERIC_FAMILY_IDS) {
    const kind = DEVICE_FAMILIES[family].kind!;
    await buildDevice(deps, gatewayRow.id, {
      kind,
      sn: `${gatewayRow.sn}-${family}`,
      status: 'offline',
    });
  }
  const exportRecord = await deps.db
    .insertInto('exports')
    .values({
      user_id: admin.id,
      kind: 'plants',
      format: 'csv',
      locale: 'en',
      file_name: 'plants.csv',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reportConfig = await deps.db
    .insertInto('report_configs')
    .values({
      user_id: admin.id,
      name: 'Monthly',
      plant_ids: [plantRow.id],
      period: 'month',
      grouping: 'plant',
      columns: ['energyKwh'],
      language: 'en',
      format: 'pdf',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offline = { status: 'offline', lastValues: {} } as const;
  const switchDevice = await buildDevice(deps, gatewayRow.id, { kind: 'switch', ...offline });
  const epm = await buildDevice(deps, gatewayRow.id, { kind: 'epm', ...offline });
  const switchTask = await deps.db
    .insertInto('switch_tasks')
    .values({
      device_id: switchDevice.id,
      kind: 'repeat',
      action: 'on',
      weekdays: [1],
      local_time: '08:00',
      next_run_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const queuedCommandId = await insertCommand(deps.db, {
    dataloggerId: gatewayRow.id,
    deviceId: null,
    targetSn: gatewayRow.sn,
    name: 'raw',
    args: { payload: 'AT+VER' },
    userId: admin.id,
    deadline: new Date(Date.now() + 86_400_000),
  });
  const video = await buildVideoCamera(deps, company.id);
  const fullscreenLink = await deps.db
    .insertInto('fullscreen_links')
    .values({
      token_hash: `access-fixture-${randomUUID()}`,
      created_by: admin.id,
      plant_id: plantRow.id,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workOrder = await deps.db
    .insertInto('work_orders')
    .values({
      company_id: company.id,
      plant_id: plantRow.id,
      title: 'Access work order',
      priority: 'P2',
      reported_at: event.started_at,
      due_at: new Date(event.started_at.getTime() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('work_order_events')
    .values({ work_order_id: workOrder.id, event_id: event.id })
    .execute();
  const brand = await deps.db
    .insertInto('brands')
    .values({ key: `access-${randomUUID()}`, name: 'Access brand', primary_color: '#112233' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const webhookRow = await deps.db
    .insertInto('webhook_subscriptions')
    .values({
      user_id: admin.id,
      company_id: company.id,
      url: 'http://8.8.8.8/hooks/access',
      events: ['event.opened'],
      secret: 'whsec_' + Buffer.alloc(32).toString('base64'),
      portal_url: 'http://localhost',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await deps.db
    .insertInto('webhook_deliveries')
    .values({
      subscription_id: webhookRow.id,
      message_id: `msg_access_${webhookRow.id}`,
      type: 'event.opened',
      payload: JSON.stringify({ type: 'event.opened' }),
      status: 'failed',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pushSubscription = await deps.db
    .insertInto('push_subscriptions')
    .values({
      user_id: admin.id,
      endpoint: `https://8.8.8.8/push/${randomUUID()}`,
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    deps,
    companyId: company.id,
    adminId: admin.id,
    staffId: staff.id,
    spareRoleId: spareRole.id,
    customerTypeId: customerType.id,
    customerUserId: customer.id,
    customerEmail: customer.email,
    agentId: agent.id,
    plantId: plantRow.id,
    inverterSn: inverter.sn,
    gatewayId: gatewayRow.id,
    gatewaySn: gatewayRow.sn,
    queuedCommandId,
    eventId: event.id,
    firmwareId: firmwareRow.id,
    campaignId: campaign.id,
    exportId: exportRecord.id,
    reportConfigId: reportConfig.id,
    switchSn: switchDevice.sn,
    switchTaskId: switchTask.id,
    epmSn: epm.sn,
    videoSpaceId: video.spaceId,
    videoDeviceId: video.deviceId,
    videoChannelId: video.channelId,
    fullscreenLinkId: fullscreenLink.id,
    brandId: brand.id,
    workOrderId: workOrder.id,
    webhookId: webhookRow.id,
    webhookDeliveryId: Number(delivery.id),
    pushSubscriptionId: pushSubscription.id,
  };
}
