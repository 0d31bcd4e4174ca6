import { PUBLIC_FULLSCREEN_ROUTE } from '@solar/contract';
import { pages } from './lazy-pages';
import type { AppRoute } from '../../shared/routing/route-types';

/** Section 2's public routes: open without signing in. */
export const PUBLIC_ROUTES: AppRoute[] = [
  { path: '/login', titleKey: 'login', page: pages.login },
  { path: '/app/download', titleKey: 'appDownload', page: pages.appDownload },
  { path: '/reg', titleKey: 'register', page: pages.register },
  { path: '/forget', titleKey: 'forgotPassword', page: pages.forgotPassword },
  { path: '/resetSuccessful', titleKey: 'resetSuccessful', page: pages.resetSuccessful },
  { path: '/agreement', titleKey: 'agreement', page: pages.userAgreement },
  { path: '/agreementen', titleKey: 'agreement', page: pages.agreementEn },
  { path: '/register/userAgreement', titleKey: 'userAgreement', page: pages.userAgreement },
  { path: '/403', titleKey: 'forbidden', page: pages.forbidden },
  {
    path: '/firmwareLogging',
    titleKey: 'systemUpdateLog',
    hidden: true,
    page: pages.firmwareLogging,
  },
  { path: '/inv-realtime', titleKey: 'inverterRealtime', page: pages.realtime },
  { path: '/epm-realtime', titleKey: 'epmRealtime', page: pages.realtime },
  { path: '/download-center', titleKey: 'downloadCenter', page: pages.downloadCenter },
  { path: PUBLIC_FULLSCREEN_ROUTE, titleKey: 'fullscreen', page: pages.sharedFullscreen },
];

export const NOT_FOUND_ROUTE: AppRoute = {
  path: '*',
  titleKey: 'notFound',
  hidden: true,
  page: pages.notFound,
};

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROUTES.some((route) => route.path === pathname);
}
