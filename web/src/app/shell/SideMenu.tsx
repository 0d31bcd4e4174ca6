import { Menu } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { activeMenuKey, menuRoutes } from '../router/filter-routes';
import { useSignedInRoutes } from '../router/RoutesContext';
import { parentKeyOf, toMenuItems } from './menu-items';

export function SideMenu(props: { isCollapsed: boolean; onNavigate?: () => void }): ReactNode {
  const { t } = useTranslation('menu');
  const { routes } = useSignedInRoutes();
  const { pathname } = useLocation();
  const visible = useMemo(() => menuRoutes(routes), [routes]);
  const items = useMemo(() => toMenuItems(visible, t), [visible, t]);
  const selected = activeMenuKey(routes, pathname);
  const parent = parentKeyOf(visible, selected);
  return (
    <Menu
      mode="inline"
      theme="dark"
      className="side-menu"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={parent && !props.isCollapsed ? [parent] : []}
      inlineCollapsed={props.isCollapsed}
      onClick={props.onNavigate}
    />
  );
}
