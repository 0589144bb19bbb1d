import { lazy, Suspense, useState } from 'react';
import { Button, Menu, Space, type MenuProps } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteMeta } from '../route-types';
import { contestNavStore } from '../../stores/contest-nav';
import { navItems, navModeOf, selectedNavKey, type NavItem } from './nav-items';
import { useSiteConfig } from '../../stores/site';
import { openAuthModal, useAuth } from '../../stores/user';
import { useIsMobileNav } from '../../lib/hooks';
import { Logo } from './Logo';
import { ThemeButton } from '../../theme/ThemeButton';

// A first visit is usually a visitor's on a wide screen: the signed-in user's menu (avatar, badge,
// its icons) and the narrow screens' drawer load only when they are shown.
const NavUserMenu = lazy(() => import('./NavUserMenu'));
const NavDrawer = lazy(() => import('./NavDrawer'));

export function Navbar({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const config = useSiteConfig();
  const auth = useAuth();
  const mobile = useIsMobileNav();
  const [drawer, setDrawer] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  const derived = navModeOf(pathname);
  const mode = meta.navMode ?? derived.mode;
  const contest = contestNavStore.use((s) => s.current);
  const items = navItems(mode, { config, id: derived.id, isAdmin: auth.isAdmin, contest });
  const selected = selectedNavKey(items, pathname, meta.activeMenu);

  const toMenu = (list: NavItem[]): MenuProps['items'] =>
    list.map((it) =>
      it.children
        ? { key: it.key, label: t(it.label), icon: it.icon, children: toMenu(it.children) }
        : { key: it.key, label: <Link to={it.key}>{t(it.label)}</Link>, icon: it.icon },
    );

  const userArea = auth.isLoggedIn ? (
    <Suspense fallback={<span className="nav-user" aria-hidden />}>
      <NavUserMenu />
    </Suspense>
  ) : (
    <Space size={8}>
      <ThemeButton />
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
        {mobile && <Button type="text" icon={<MenuOutlined />} onClick={() => { setDrawer(true); setDrawerUsed(true); }} aria-label={t('nav.menu')} data-testid="nav-drawer-button" />}
        <Logo name={config.shortName} />
        {!mobile && (
          <Menu className="app-nav-menu" mode="horizontal" selectedKeys={selected ? [selected] : []} items={toMenu(items)} />
        )}
        <div className="app-header-right">{userArea}</div>
      </div>
      {mobile && drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawer} onClose={() => setDrawer(false)} title={config.shortName} selected={selected ?? null} items={toMenu(items)} />
        </Suspense>
      )}
    </header>
  );
}
