import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import type { AppRoute } from '../../shared/routing/route-types';

type MenuItem = NonNullable<MenuProps['items']>[number];

export function toMenuItems(routes: readonly AppRoute[], t: TFunction): MenuItem[] {
  return routes.map((route) =>
    route.children && route.children.length > 0
      ? {
          key: route.path,
          icon: route.icon,
          label: t(route.titleKey, { ns: 'menu' }),
          children: toMenuItems(route.children, t),
        }
      : {
          key: route.path,
          icon: route.icon,
          label: <Link to={route.path}>{t(route.titleKey, { ns: 'menu' })}</Link>,
        },
  );
}

/** The group whose submenu holds the highlighted item, so it opens on load. */
export function parentKeyOf(routes: readonly AppRoute[], key: string): string | undefined {
  return routes.find((route) => route.children?.some((child) => child.path === key))?.path;
}
