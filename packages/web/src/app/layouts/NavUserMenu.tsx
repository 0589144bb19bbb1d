import { Badge, Dropdown, type MenuProps } from 'antd';
import { BellOutlined, DashboardOutlined, DownOutlined, LogoutOutlined, SettingOutlined, SolutionOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../stores/user';
import { useIsMobileNav } from '../../lib/hooks';
import { routeExists } from '../route-registry';
import { UserAvatar } from '../../components/UserAvatar';
import { useUnreadMessages } from './useUnreadMessages';
import { THEME_MODES, useThemeMode } from '../../theme/mode';
import { ThemeIcon } from '../../theme/ThemeIcon';
import { chooseTheme } from '../../theme/sync';

/** The signed-in user's avatar and menu in the navbar; its own chunk, so visitors never load it. */
export default function NavUserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const mobile = useIsMobileNav();
  const unread = useUnreadMessages(auth.isLoggedIn);
  const hasMessages = routeExists('/message/sys');
  const theme = useThemeMode();
  if (!auth.user) return null;

  const userMenu: MenuProps['items'] = [
    { key: 'home', icon: <UserOutlined />, label: t('nav.myHome'), onClick: () => navigate(`/user-home?username=${encodeURIComponent(auth.user?.username ?? '')}`) },
    ...(hasMessages
      ? [{ key: 'msg', icon: <BellOutlined />, label: <Badge count={unread} overflowCount={99} size="small" offset={[10, 0]}>{t('nav.messages')}</Badge>, onClick: () => navigate('/message/discuss') }]
      : []),
    ...(routeExists('/status') ? [{ key: 'sub', icon: <SolutionOutlined />, label: t('nav.mySubmissions'), onClick: () => navigate('/status?onlyMine=true') }] : []),
    { key: 'setting', icon: <SettingOutlined />, label: t('nav.setting'), onClick: () => navigate('/setting') },
    ...(auth.canEnterAdmin ? [{ key: 'admin', icon: <DashboardOutlined />, label: t('nav.admin'), onClick: () => window.open('/admin', '_blank') }] : []),
    { type: 'divider' as const },
    // The theme as a flat group (no hover submenu: phones open this menu with a tap).
    {
      key: 'theme',
      type: 'group' as const,
      label: t('theme.label'),
      children: THEME_MODES.map((m) => ({
        key: `theme-${m}`,
        icon: <ThemeIcon mode={m} />,
        label: m === theme ? <b>{t(`theme.${m}`)}</b> : t(`theme.${m}`),
        // The request layer shows a failure; the theme has changed here anyway.
        onClick: () => void chooseTheme(m).catch(() => undefined),
      })),
    },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: () => navigate('/logout') },
  ];

  return (
    <Dropdown menu={{ items: userMenu }} placement="bottomRight" trigger={mobile ? ['click'] : ['hover', 'click']}>
      <span className="nav-user" data-testid="nav-user">
        <Badge count={hasMessages ? unread : 0} overflowCount={99} size="small">
          <UserAvatar username={auth.user.username} src={auth.user.avatar} size={32} />
        </Badge>
        {!mobile && <span className="nav-username">{auth.user.username}</span>}
        <DownOutlined style={{ fontSize: 10, color: 'var(--v-text-3)' }} />
      </span>
    </Dropdown>
  );
}
