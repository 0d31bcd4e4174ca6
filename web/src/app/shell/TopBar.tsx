import { CloudDownloadOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './LanguageSwitcher';
import { UserDropdown } from './UserDropdown';

export function TopBar(props: { isCollapsed: boolean; onToggleMenu: () => void }): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Layout.Header className="top-bar">
      <Button
        type="text"
        icon={props.isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={props.onToggleMenu}
        aria-label={t('shell.toggleMenu')}
        data-testid="menu-toggle"
      />
      <div className="top-bar__actions">
        <LanguageSwitcher />
        <Tooltip title={t('shell.downloadCenter')}>
          <Button
            type="text"
            icon={<CloudDownloadOutlined />}
            href="/download-center"
            target="_blank"
            rel="noopener"
            aria-label={t('shell.downloadCenter')}
          />
        </Tooltip>
        <UserDropdown />
      </div>
    </Layout.Header>
  );
}
