import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };
type LazyPage = LazyExoticComponent<ComponentType>;

const loaders = new WeakMap<LazyPage, () => Promise<PageModule>>();

function page(load: () => Promise<PageModule>): LazyPage {
  const component = lazy(load);
  loaders.set(component, load);
  return component;
}

/** Starts loading a page's code ahead of its first render (the module loads once either way). */
export function preloadPage(component: LazyPage | undefined): void {
  if (component) void loaders.get(component)?.();
}

/** Every page is its own chunk, so the sign-in page loads only what it needs. */
export const pages = {
  login: page(() => import('../../features/auth/pages/LoginPage')),
  register: page(() => import('../../features/accounts/pages/RegisterPage')),
  forgotPassword: page(() => import('../../features/accounts/pages/ForgotPasswordPage')),
  resetSuccessful: page(() => import('../../features/accounts/pages/ResetSuccessfulPage')),
  agreementEn: page(() => import('../../features/public/pages/AgreementEnPage')),
  userAgreement: page(() => import('../../features/public/pages/UserAgreementPage')),
  appDownload: page(() => import('../../features/public/pages/AppDownloadPage')),
  forbidden: page(() => import('../../features/public/pages/ForbiddenPage')),
  notFound: page(() => import('../../features/public/pages/NotFoundPage')),
  downloadCenter: page(() => import('../../features/public/pages/DownloadCenterPage')),
  firmwareLogging: page(() => import('../../features/versions/pages/FirmwareLoggingPage')),
  realtime: page(() => import('../../features/public/pages/PublicRealtimePage')),
  video: page(() => import('../../features/video/pages/VideoPage')),
  workOrders: page(() => import('../../features/work-orders/pages/WorkOrdersPage')),
  workOrder: page(() => import('../../features/work-orders/pages/WorkOrderPage')),
  dashboard: page(() => import('../../features/dashboard/pages/DashboardPage')),
  plantList: page(() => import('../../features/plants/pages/PlantListPage')),
  plantOverview: page(() => import('../../features/plants/pages/PlantOverviewPage')),
  plantEdit: page(() => import('../../features/plants/pages/PlantEditPage')),
  accountSettings: page(() => import('../../features/users/pages/AccountSettingsPage')),
  companyInfo: page(() => import('../../features/company/pages/CompanyInfoPage')),
  companyMembers: page(() => import('../../features/company/pages/CompanyMembersPage')),
  companyWebhooks: page(() => import('../../features/webhooks/pages/CompanyWebhooksPage')),
  roles: page(() => import('../../features/roles/pages/RolesPage')),
  customers: page(() => import('../../features/customers/pages/CustomersPage')),
  customerTypes: page(() => import('../../features/customers/pages/CustomerTypesPage')),
  agents: page(() => import('../../features/agents/pages/AgentsPage')),
  systemUpdateLog: page(() => import('../../features/versions/pages/SystemUpdateLogPage')),
  deviceSetting: page(() => import('../../features/register-maps/pages/InverterSettingsPage')),
  inverterList: page(() => import('../../features/inverters/pages/InverterListPage')),
  inverterDetail: page(() => import('../../features/inverters/pages/InverterDetailPage')),
  gateways: page(() => import('../../features/gateways/pages/GatewaysPage')),
  gatewayCommSetting: page(() => import('../../features/gateways/pages/CommSettingPage')),
  events: page(() => import('../../features/events/pages/EventsPage')),
  eventDescriptions: page(() => import('../../features/events/pages/EventDescriptionsPage')),
  alarmRules: page(() => import('../../features/alarms/pages/AlarmRulesPage')),
  communicationLog: page(() => import('../../features/commands/pages/CommunicationLogPage')),
  debugLog: page(() => import('../../features/commands/pages/DebugLogPage')),
  inverterFirmware: page(() => import('../../features/firmware/pages/InverterFirmwarePage')),
  batteryFirmware: page(() => import('../../features/firmware/pages/BatteryFirmwarePage')),
  maintenanceLog: page(() => import('../../features/upgrades/pages/MaintenanceLogPage')),
  upgradeCampaigns: page(() => import('../../features/campaigns/pages/CampaignsPage')),
  upgradeCampaign: page(() => import('../../features/campaigns/pages/CampaignDetailPage')),
  batteryList: page(() => import('../../features/devices/pages/BatteryListPage')),
  otherDevices: page(() => import('../../features/devices/pages/OtherDevicesPage')),
  deviceDetail: page(() => import('../../features/devices/pages/FamilyDetailPage')),
  dataloggerStock: page(() => import('../../features/management/pages/DataloggerStockPage')),
  managedCompanies: page(() => import('../../features/company/pages/ManagedCompaniesPage')),
  notices: page(() => import('../../features/notices/pages/NoticesPage')),
  quarantine: page(() => import('../../features/ingestion/pages/QuarantinePage')),
  smsOutbox: page(() => import('../../features/sms/pages/SmsOutboxPage')),
  auditLog: page(() => import('../../features/audit/pages/AuditLogPage')),
  dictionaries: page(() => import('../../features/dictionaries/pages/DictionariesPage')),
  languageTexts: page(() => import('../../features/languages/pages/LanguageTextsPage')),
  versionsManagement: page(() => import('../../features/versions/pages/VersionsManagementPage')),
  productModels: page(() => import('../../features/products/pages/ProductModelsPage')),
  deviceProtocols: page(() => import('../../features/products/pages/DeviceProtocolsPage')),
  registerMaps: page(() => import('../../features/register-maps/pages/RegisterMapsPage')),
  brands: page(() => import('../../features/brands/pages/BrandsPage')),
  downloadRecords: page(() => import('../../features/exports/pages/DownloadRecordsPage')),
  epmList: page(() => import('../../features/epm/pages/EpmListPage')),
  switchControl: page(() => import('../../features/switches/pages/SwitchControlPage')),
  reports: page(() => import('../../features/reports/pages/ReportsPage')),
  reportInfo: page(() => import('../../features/reports/pages/ReportInfoPage')),
  fullscreen: page(() => import('../../features/fullscreen/pages/FullscreenPage')),
  sharedFullscreen: page(() => import('../../features/fullscreen/pages/SharedFullscreenPage')),
  downloadFilesAdmin: page(
    () => import('../../features/download-center/pages/DownloadFilesAdminPage'),
  ),
};
