import {
  ApartmentOutlined,
  AppstoreOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HddOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { DEVICE_FAMILIES } from '@solar/contract';
import { pages } from './lazy-pages';
import type { AppRoute } from './route-types';

const soon = pages.comingSoon;

/** The signed-in routes of section 2, in menu order. */
export const PRIVATE_ROUTES: AppRoute[] = [
  {
    // First in the menu, so `/` lands here; an owner of a single plant goes on to its overview.
    path: '/dashboard',
    titleKey: 'dashboard',
    permission: 'station.view',
    icon: <DashboardOutlined />,
    page: pages.dashboard,
  },
  {
    path: '/plants',
    titleKey: 'plants',
    permission: 'station.view',
    icon: <AppstoreOutlined />,
    page: pages.plantList,
    keepAlive: true,
  },
  {
    path: '/plant-add',
    titleKey: 'plantAdd',
    permission: 'station.create',
    hidden: true,
    page: pages.plantEdit,
    activeMenu: '/plants',
  },
  {
    path: '/plants/overview/:id',
    titleKey: 'plantOverview',
    hidden: true,
    keepAlive: true,
    activeMenu: '/plants',
    buttonsFrom: 'inverter.view',
    page: pages.plantOverview,
  },
  {
    path: '/plants/edit/:id',
    titleKey: 'plantEdit',
    hidden: true,
    keepAlive: true,
    activeMenu: '/plants',
    page: pages.plantEdit,
  },
  {
    path: '/plants/device/setting',
    titleKey: 'deviceSetting',
    hidden: true,
    activeMenu: '/plants',
    // The settings form's write button is an inverter-page button (inverter.setting).
    buttonsFrom: 'inverter.view',
    page: pages.deviceSetting,
  },
  {
    path: '/plants/comm-setting',
    titleKey: 'commSetting',
    hidden: true,
    activeMenu: '/plants',
    page: pages.gatewayCommSetting,
  },
  { path: '/edit', titleKey: 'personalSettings', hidden: true, page: pages.accountSettings },
  {
    path: '/device',
    titleKey: 'device',
    permission: 'equip.view',
    icon: <HddOutlined />,
    redirect: '/device/gateway/list',
    children: [
      {
        path: '/device/gateway/list',
        titleKey: 'gateway',
        permission: DEVICE_FAMILIES.gateway.permission,
        page: pages.gateways,
      },
      {
        path: '/device/inverter',
        titleKey: 'inverter',
        permission: 'inverter.view',
        page: pages.inverterList,
      },
      {
        path: '/device/inverter/:sn',
        titleKey: 'inverterDetail',
        hidden: true,
        activeMenu: '/device/inverter',
        buttonsFrom: 'inverter.view',
        page: pages.inverterDetail,
      },
      { path: '/device/battery', titleKey: 'battery', permission: 'battery.list.view', page: soon },
      { path: '/device/epm', titleKey: 'epm', permission: 'epm.view', page: soon },
      { path: '/device/event', titleKey: 'event', permission: 'event.view', page: pages.events },
      {
        path: '/device/event/descriptions',
        titleKey: 'eventDescriptions',
        permission: 'event.view',
        hidden: true,
        activeMenu: '/device/event',
        page: pages.eventDescriptions,
      },
      {
        path: '/device/setting',
        titleKey: 'deviceSetting',
        hidden: true,
        activeMenu: '/device/inverter',
        page: pages.deviceSetting,
      },
      {
        path: '/device/comm-setting',
        titleKey: 'commSetting',
        hidden: true,
        activeMenu: '/device/gateway/list',
        page: pages.gatewayCommSetting,
      },
    ],
  },
  {
    path: '/firmware',
    titleKey: 'firmware',
    permission: 'firmware.management',
    icon: <CloudUploadOutlined />,
    redirect: '/firmware/inv',
    children: [
      {
        path: '/firmware/inv',
        titleKey: 'firmwareInverter',
        permission: 'firmware.inverter.view',
        page: soon,
      },
      {
        path: '/firmware/batt',
        titleKey: 'firmwareBattery',
        permission: 'firmware.battery.view',
        page: soon,
      },
    ],
  },
  {
    path: '/workdata',
    titleKey: 'workdata',
    permission: 'workdata.view',
    icon: <FileTextOutlined />,
    redirect: '/workdata/report',
    children: [
      { path: '/workdata/report', titleKey: 'reports', permission: 'workdata.view', page: soon },
      {
        path: '/workdata/reportinfo',
        titleKey: 'reportInfo',
        hidden: true,
        activeMenu: '/workdata/report',
        page: soon,
      },
    ],
  },
  {
    path: '/enterprise',
    titleKey: 'enterprise',
    permission: 'company.management',
    icon: <ApartmentOutlined />,
    redirect: '/enterprise/user',
    children: [
      {
        path: '/enterprise/company',
        titleKey: 'companyInfo',
        permission: 'company.info',
        page: pages.companyInfo,
      },
      {
        path: '/enterprise/user',
        titleKey: 'companyMembers',
        permission: 'company.user',
        page: pages.companyMembers,
      },
      {
        path: '/enterprise/roles',
        titleKey: 'roles',
        permission: 'company.role.list.view',
        page: pages.roles,
      },
    ],
  },
  {
    path: '/customer',
    titleKey: 'customer',
    permission: 'user.producer',
    icon: <TeamOutlined />,
    redirect: '/customer/list',
    children: [
      {
        path: '/customer/list',
        titleKey: 'customerList',
        permission: 'customer.list.view',
        page: pages.customers,
      },
      {
        path: '/customer/type',
        titleKey: 'customerTypes',
        permission: 'customer.type.list.view',
        page: pages.customerTypes,
      },
      {
        path: '/customer/agents',
        titleKey: 'agents',
        hidden: true,
        activeMenu: '/customer/list',
        page: pages.agents,
      },
    ],
  },
  {
    path: '/log',
    titleKey: 'log',
    permission: 'logger.management',
    icon: <DatabaseOutlined />,
    redirect: '/log/maintenance',
    children: [
      {
        path: '/log/maintenance',
        titleKey: 'maintenanceLog',
        permission: 'logger.upgrade.record',
        page: soon,
      },
      {
        path: '/log/communication',
        titleKey: 'communicationLog',
        permission: 'equip.view',
        page: pages.communicationLog,
      },
      {
        path: '/log/debug',
        titleKey: 'debugLog',
        permission: 'equip.view',
        page: pages.debugLog,
      },
    ],
  },
  { path: '/logging', titleKey: 'systemUpdateLog', hidden: true, page: pages.systemUpdateLog },
  {
    path: '/management',
    titleKey: 'management',
    permission: 'system.management',
    icon: <SettingOutlined />,
    redirect: '/management/gateway',
    children: [
      {
        path: '/management/gateway',
        titleKey: 'managementGateway',
        permission: 'sys.gateway.view',
        page: soon,
      },
    ],
  },
];
