import { Drawer, Layout } from 'antd';
import { useState, type ReactNode } from 'react';
import { useProfileEffects } from '../../features/users/api';
import { NoticeModal } from '../../features/notices/components/NoticeModal';
import { VersionDialog } from '../../features/versions/components/VersionDialog';
import { useDeviceType } from '../../shared/session/useDeviceType';
import { useIsNavigating } from '../../shared/routing/navigation-progress';
import { OfflineGuard } from '../../shared/offline/OfflineGuard';
import { useServiceWorker } from '../../shared/pwa/useServiceWorker';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { MenuLogo } from './MenuLogo';
import { ShellFooter } from './ShellFooter';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import './shell.css';

/** The frame of every signed-in page: side menu, top bar, content, footer (section 1). */
export function Shell(): ReactNode {
  useProfileEffects();
  useServiceWorker();
  const isPhone = useDeviceType() === 'phone';
  const isNavigating = useIsNavigating();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  const toggleMenu = (): void =>
    isPhone ? setIsDrawerOpen((open) => !open) : setIsCollapsed((collapsed) => !collapsed);

  return (
    <Layout className="shell" data-device={isPhone ? 'phone' : 'desktop'}>
      {isPhone ? (
        <Drawer
          placement="left"
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          size={240}
          className="shell-drawer"
          styles={{ body: { padding: 0 } }}
        >
          <MenuLogo isCollapsed={false} />
          <SideMenu isCollapsed={false} onNavigate={() => setIsDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          trigger={null}
          collapsed={isCollapsed}
          width={220}
          className="shell-sider"
        >
          <MenuLogo isCollapsed={isCollapsed} />
          <SideMenu isCollapsed={isCollapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <TopBar isCollapsed={isPhone ? !isDrawerOpen : isCollapsed} onToggleMenu={toggleMenu} />
        <Layout.Content className="shell-content" role="main" aria-busy={isNavigating}>
          <OfflineGuard>
            <KeepAliveOutlet />
          </OfflineGuard>
        </Layout.Content>
        <ShellFooter />
      </Layout>
      <NoticeModal />
      <VersionDialog />
    </Layout>
  );
}
