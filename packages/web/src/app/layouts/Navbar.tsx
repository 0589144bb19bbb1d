import { useState } from 'react';
import { Badge, Button, Drawer, Dropdown, Menu, Space, type MenuProps } from 'antd';
import { BellOutlined, DashboardOutlined, DownOutlined, LogoutOutlined, MenuOutlined, SettingOutlined, SolutionOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteMeta } from '../route-types';
import { contestNavStore } from '../../stores/contest-nav';
import { navItems, navModeOf, selectedNavKey, type NavItem } from './nav-items';
import { useSiteConfig } from '../../stores/site';
import { openAuthModal, useAuth } from '../../stores/user';
import { useIsMobileNav } from '../../lib/hooks';
import { routeExists } from '../route-registry';
import { UserAvatar } from '../../components/UserAvatar';
import { Logo } from './Logo';
import { useUnreadMessages } from './useUnreadMessages';

export function Navbar({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const auth = useAuth();
  const mobile = useIsMobileNav();
  const [drawer, setDrawer] = useState(false);

  const derived = navModeOf(pathname);
  const mode = meta.navMode ?? derived.mode;
  const contest = contestNavStore.use((s) => s.current);
  const items = navItems(mode, { config, id: derived.id, isAdmin: auth.isAdmin, contest });
  const selected = selectedNavKey(items, pathname, meta.activeMenu);
  const unread = useUnreadMessages(auth.isLoggedIn);
  const hasMessages = routeExists('/message/sys');

  const toMenu = (list: NavItem[]): MenuProps['items'] =>
    list.map((it) =>
      it.children
        ? { key: it.key, label: t(it.label), icon: it.icon, children: toMenu(it.children) }
        : { key: it.key, label: <Link to={it.key}>{t(it.label)}</Link>, icon: it.icon },
    );

  const userMenu: MenuProps['items'] = [
    { key: 'home', icon: <UserOutlined />, label: t('nav.myHome'), onClick: () => navigate(`/user-home?username=${encodeURIComponent(auth.user?.username ?? '')}`) },
    ...(hasMessages
      ? [{ key: 'msg', icon: <BellOutlined />, label: <Badge count={unread} overflowCount={99} size="small" offset={[10, 0]}>{t('nav.messages')}</Badge>, onClick: () => navigate('/message/discuss') }]
      : []),
    ...(routeExists('/status') ? [{ key: 'sub', icon: <SolutionOutlined />, label: t('nav.mySubmissions'), onClick: () => navigate('/status?onlyMine=true') }] : []),
    { key: 'setting', icon: <SettingOutlined />, label: t('nav.setting'), onClick: () => navigate('/setting') },
    ...(auth.canEnterAdmin ? [{ key: 'admin', icon: <DashboardOutlined />, label: t('nav.admin'), onClick: () => window.open('/admin', '_blank') }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: () => navigate('/logout') },
  ];

  const userArea = auth.isLoggedIn ? (
    <Dropdown menu={{ items: userMenu }} placement="bottomRight" trigger={mobile ? ['click'] : ['hover', 'click']}>
      <span className="nav-user" data-testid="nav-user">
        <Badge count={hasMessages ? unread : 0} overflowCount={99} size="small">
          <UserAvatar username={auth.user!.username} src={auth.user!.avatar} size={32} />
        </Badge>
        {!mobile && <span className="nav-username">{auth.user!.username}</span>}
        <DownOutlined style={{ fontSize: 10, color: '#5f6b7e' }} />
      </span>
    </Dropdown>
  ) : (
    <Space size={8}>
      <Button type="primary" ghost={false} onClick={() => openAuthModal('login')} data-testid="nav-login">
        {t('nav.login')}
      </Button>
      {config.register && (
        <Button onClick={() => openAuthModal('register')} data-testid="nav-register">
          {t('nav.register')}
        </Button>
      )}
    </Space>
  );

  return (
    <header className="app-header">
      <div className="app-header-inner">
        {mobile && <Button type="text" icon={<MenuOutlined />} onClick={() => setDrawer(true)} aria-label="menu" data-testid="nav-drawer-button" />}
        <Logo name={config.shortName} />
        {!mobile && (
          <Menu className="app-nav-menu" mode="horizontal" selectedKeys={selected ? [selected] : []} items={toMenu(items)} />
        )}
        <div className="app-header-right">{userArea}</div>
      </div>
      {mobile && (
        <Drawer open={drawer} onClose={() => setDrawer(false)} placement="left" width={260} title={config.shortName} styles={{ body: { padding: 0 } }}>
          <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={toMenu(items)} onClick={() => setDrawer(false)} />
        </Drawer>
      )}
    </header>
  );
}
