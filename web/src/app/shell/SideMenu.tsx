import { Menu } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { activeMenuKey, menuRoutes } from '../../shared/routing/filter-routes';
import { useSignedInRoutes } from '../../shared/routing/RoutesContext';
import { parentKeyOf, toMenuItems } from './menu-items';

/**
 * The open groups follow navigation: arriving on a page inside a closed group (a link, the
 * plant overview's device settings) opens that group so the highlighted item shows.
 */
function useOpenGroups(activeGroup: string | undefined) {
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);
  const [shownGroup, setShownGroup] = useState(activeGroup);
  if (activeGroup !== shownGroup) {
    setShownGroup(activeGroup);
    if (activeGroup && !openKeys.includes(activeGroup)) setOpenKeys([...openKeys, activeGroup]);
  }
  return { openKeys, setOpenKeys };
}

export function SideMenu(props: { isCollapsed: boolean; onNavigate?: () => void }): ReactNode {
  const { t } = useTranslation('menu');
  const { routes } = useSignedInRoutes();
  const { pathname } = useLocation();
  const visible = useMemo(() => menuRoutes(routes), [routes]);
  const items = useMemo(() => toMenuItems(visible, t), [visible, t]);
  const selected = activeMenuKey(routes, pathname);
  const { openKeys, setOpenKeys } = useOpenGroups(parentKeyOf(visible, selected));
  // Collapsed, the groups are pop-ups that antd opens on hover.
  const openState = props.isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys };
  return (
    <Menu
      mode="inline"
      theme="dark"
      className="side-menu"
      items={items}
      selectedKeys={[selected]}
      {...openState}
      inlineCollapsed={props.isCollapsed}
      onClick={props.onNavigate}
    />
  );
}
