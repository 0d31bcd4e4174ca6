/**
 * The permission tree of sections 2 and 6, defined once. Type 0 nodes are menu entries (one per
 * route of section 2); type 1 nodes are the buttons the page under them may show.
 */
export const PermissionNodeType = { menu: 0, button: 1 } as const;
export type PermissionNodeTypeValue = (typeof PermissionNodeType)[keyof typeof PermissionNodeType];

export interface PermissionNode {
  type: PermissionNodeTypeValue;
  permission: string;
  children: PermissionNode[];
}

interface NodeSpec {
  menu: string;
  buttons?: readonly string[];
  children?: readonly NodeSpec[];
}

const TREE_SPEC = [
  {
    menu: 'station.view',
    buttons: [
      'station.create',
      'station.edit',
      'station.delete',
      'station.share',
      'station.transfer',
      'station.gateway.bind',
      'station.export',
      'station.fullscreen',
    ],
  },
  {
    menu: 'equip.view',
    buttons: ['equip.setting', 'switch.control', 'switch.task', 'equip.share'],
    children: [
      {
        menu: 'gateway.view',
        buttons: ['gateway.create', 'gateway.delete', 'gateway.unbind', 'gateway.restart'],
      },
      {
        menu: 'inverter.view',
        buttons: [
          'inverter.alias',
          'inverter.delete',
          'inverter.setting',
          'inverter.boot',
          'inverter.upgrade',
        ],
      },
      { menu: 'battery.list.view' },
      { menu: 'epm.view', buttons: ['epm.setting'] },
      { menu: 'event.view' },
      { menu: 'alarm.rule.view', buttons: ['alarm.rule.edit'] },
    ],
  },
  {
    menu: 'firmware.management',
    children: [{ menu: 'firmware.inverter.view' }, { menu: 'firmware.battery.view' }],
  },
  { menu: 'workorder.view', buttons: ['workorder.edit', 'workorder.assign'] },
  { menu: 'workdata.view', buttons: ['workdata.export'] },
  { menu: 'video.view', buttons: ['video.manage', 'video.ptz'] },
  { menu: 'apikey.manage', buttons: ['apikey.company'] },
  {
    menu: 'company.management',
    children: [
      { menu: 'company.info', buttons: ['company.info.edit'] },
      {
        menu: 'company.user',
        buttons: ['company.user.create', 'company.user.edit', 'company.user.delete'],
      },
      {
        menu: 'company.role.list.view',
        buttons: ['company.role.create', 'company.role.edit', 'company.role.delete'],
      },
      { menu: 'company.webhook', buttons: ['company.webhook.manage'] },
    ],
  },
  /** A user's own webhooks: a card of the personal settings, no menu entry of its own. */
  { menu: 'webhook.view', buttons: ['webhook.manage'] },
  {
    menu: 'user.producer',
    children: [
      {
        menu: 'customer.list.view',
        buttons: ['customer.create', 'customer.edit', 'customer.delete', 'agent.manage'],
      },
      {
        menu: 'customer.type.list.view',
        buttons: ['customer.type.create', 'customer.type.edit', 'customer.type.delete'],
      },
    ],
  },
  { menu: 'logger.management', children: [{ menu: 'logger.upgrade.record' }] },
  {
    menu: 'system.management',
    children: [
      { menu: 'sys.gateway.view', buttons: ['sys.gateway.edit'] },
      { menu: 'sys.ingestion.quarantine', buttons: ['sys.ingestion.quarantine.edit'] },
      { menu: 'sys.company.manage', buttons: ['sys.company.edit'] },
      { menu: 'sys.notice.manage', buttons: ['sys.notice.edit'] },
      { menu: 'sys.sms.manage' },
      { menu: 'sys.version.manage', buttons: ['sys.version.edit'] },
      { menu: 'sys.audit.view', buttons: ['sys.audit.export'] },
      { menu: 'sys.download.manage' },
      { menu: 'sys.dict.manage', buttons: ['sys.dict.edit'] },
      { menu: 'sys.product.manage', buttons: ['sys.product.edit'] },
      { menu: 'sys.protocol.manage', buttons: ['sys.protocol.edit'] },
      { menu: 'sys.brand.manage', buttons: ['sys.brand.edit'] },
      { menu: 'sys.registerMap.manage', buttons: ['sys.registerMap.import'] },
    ],
  },
] as const satisfies readonly NodeSpec[];

type SpecPermissions<T> = T extends { menu: infer M extends string }
  ? | M
    | (T extends { buttons: readonly (infer B extends string)[] } ? B : never)
    | (T extends { children: readonly (infer C)[] } ? SpecPermissions<C> : never)
  : never;

/** Every permission code of the product; anything else is a type error. */
export type Permission = SpecPermissions<(typeof TREE_SPEC)[number]>;

function toNode(spec: NodeSpec): PermissionNode {
  return {
    type: PermissionNodeType.menu,
    permission: spec.menu,
    children: [
      ...(spec.buttons ?? []).map((permission) => ({
        type: PermissionNodeType.button,
        permission,
        children: [],
      })),
      ...(spec.children ?? []).map(toNode),
    ],
  };
}

export const PERMISSION_TREE: readonly PermissionNode[] = TREE_SPEC.map(toNode);

function collect(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((node) => [node.permission, ...collect(node.children)]);
}

export const ALL_PERMISSIONS = collect(PERMISSION_TREE) as Permission[];

/** Platform-wide permissions that no company role can hold. */
export const PLATFORM_ONLY_PERMISSIONS: readonly Permission[] = [
  'system.management',
  'sys.gateway.view',
  'sys.gateway.edit',
  'sys.ingestion.quarantine',
  'sys.ingestion.quarantine.edit',
  'sys.company.manage',
  'sys.company.edit',
  'sys.notice.manage',
  'sys.notice.edit',
  'sys.sms.manage',
  'sys.version.manage',
  'sys.audit.view',
  'sys.download.manage',
  'sys.dict.manage',
  'sys.dict.edit',
  'sys.audit.export',
  'sys.version.edit',
  'sys.product.manage',
  'sys.product.edit',
  'sys.protocol.manage',
  'sys.protocol.edit',
  'sys.brand.manage',
  'sys.brand.edit',
  'sys.registerMap.manage',
  'sys.registerMap.import',
];

/** What a company administrator holds and what company roles are edited against. */
export const COMPANY_PERMISSIONS: readonly Permission[] = ALL_PERMISSIONS.filter(
  (permission) => !PLATFORM_ONLY_PERMISSIONS.includes(permission),
);

/** What a plant owner without a company holds: their own plants and devices. */
export const OWNER_PERMISSIONS: readonly Permission[] = [
  'station.view',
  'station.create',
  'station.edit',
  'station.delete',
  'station.share',
  'station.transfer',
  'station.gateway.bind',
  'station.export',
  'equip.view',
  'gateway.view',
  'inverter.view',
  'battery.list.view',
  'event.view',
  'station.fullscreen',
  'webhook.view',
  'webhook.manage',
  'apikey.manage',
];

/**
 * What a company's second-factor policy covers: a role holding any of these (remote control and
 * device commands, firmware upgrades, managing users and roles) must set up a second factor
 * when its company requires one.
 */
export const SECOND_FACTOR_PERMISSION_GROUPS = {
  remoteControl: [
    'inverter.boot',
    'inverter.setting',
    'gateway.restart',
    'equip.setting',
    'epm.setting',
    'switch.control',
    'switch.task',
  ],
  firmwareUpgrade: ['firmware.management', 'inverter.upgrade'],
  userManagement: [
    'company.user.create',
    'company.user.edit',
    'company.user.delete',
    'company.role.create',
    'company.role.edit',
    'company.role.delete',
  ],
} as const satisfies Record<string, readonly Permission[]>;

export const SECOND_FACTOR_PERMISSIONS: readonly Permission[] = Object.values(
  SECOND_FACTOR_PERMISSION_GROUPS,
).flat();

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as string[]).includes(value);
}

/**
 * The tree cut down to the permissions held. A menu node stays when it or any descendant is
 * held, so the client can always reach a held child through its parent.
 */
export function prunePermissionTree(
  held: ReadonlySet<string>,
  nodes: readonly PermissionNode[] = PERMISSION_TREE,
): PermissionNode[] {
  return nodes.flatMap((node) => {
    const children = prunePermissionTree(held, node.children);
    return held.has(node.permission) || children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** A role's permission list closed upwards: holding a child implies its menu parents. */
export function withAncestors(permissions: readonly string[]): Permission[] {
  const held = new Set(permissions);
  const result = new Set<Permission>();
  const walk = (nodes: readonly PermissionNode[], ancestors: Permission[]): void => {
    for (const node of nodes) {
      const path = [...ancestors, node.permission as Permission];
      if (held.has(node.permission)) path.forEach((p) => result.add(p));
      walk(node.children, path);
    }
  };
  walk(PERMISSION_TREE, []);
  return ALL_PERMISSIONS.filter((p) => result.has(p));
}
