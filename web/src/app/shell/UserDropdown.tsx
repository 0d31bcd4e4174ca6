import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useProfile } from '../../features/users/api';
import { signOut } from '../../features/auth/sign-out';
import { readText } from '../../shared/storage/storage';

export function UserDropdown(): ReactNode {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile().data;
  const isReadOnly = profile?.readOnly ?? readText('readOnly') === 'true';
  const items: MenuProps['items'] = [
    ...(isReadOnly
      ? []
      : [{ key: 'settings', icon: <SettingOutlined />, label: t('shell.personalSettings') }]),
    { key: 'signOut', icon: <LogoutOutlined />, label: t('shell.signOut') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') void navigate('/edit');
    if (key === 'signOut') void signOut(queryClient);
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick }}>
      <Button
        type="text"
        className="user-dropdown"
        data-testid="user-menu"
        aria-label={t('shell.userMenu')}
      >
        <Avatar size="small" src={profile?.userid.avatar ?? undefined} icon={<UserOutlined />} />
        <span className="user-dropdown__name">{profile?.userid.nickname}</span>
      </Button>
    </Dropdown>
  );
}
