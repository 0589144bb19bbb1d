import { Suspense, useEffect, useState } from 'react';
import { Button, Drawer, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { DownOutlined, HomeOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminMenu, type AdminMenuItem } from '../../features/admin';
import { routeExists } from '../route-registry';
import { useRouteMeta } from './useRouteMeta';
import { clearUser, useAuth } from '../../stores/user';
import { showError } from '../../lib/feedback';
import { msg } from '../../i18n';
import { api } from '../../lib/request';
import { PageLoading } from '../../components/States';
import { UserAvatar } from '../../components/UserAvatar';
import { useIsMobileNav } from '../../lib/hooks';
import { Logo } from './Logo';

function visibleMenu(items: AdminMenuItem[], isRoot: boolean): AdminMenuItem[] {
  return items.flatMap((it) => {
    if (it.root && !isRoot) return [];
    if (it.children) {
      const children = visibleMenu(it.children, isRoot);
      return children.length ? [{ ...it, children }] : [];
    }
    return routeExists(it.key) ? [it] : [];
  });
}

/** The entry to highlight: the longest entry path that prefixes the route's `activeMenu` or the current path. */
function selectedKey(items: AdminMenuItem[], pathname: string): string | undefined {
  let best: string | undefined;
  const visit = (list: AdminMenuItem[]) => {
    for (const it of list) {
      if (it.children) visit(it.children);
      else if ((pathname === it.key || pathname.startsWith(it.key + '/')) && (!best || it.key.length > best.length)) best = it.key;
    }
  };
  visit(items);
  return best;
}

/** The admin area frame (spec 03 §2.2/§6): login + an admin role; root-only screens need the super admin. */
export function AdminLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mobile = useIsMobileNav();
  const [drawer, setDrawer] = useState(false);
  const allowed = !!auth.token && auth.canEnterAdmin;
  const rootBlocked = allowed && !!meta.requireRoot && !auth.isRoot;

  useEffect(() => {
    if (!allowed) showError(msg('adminLoginAgain'));
    else if (rootBlocked) {
      showError(msg('noAccess'));
      navigate('/admin/dashboard', { replace: true });
    }
  }, [allowed, rootBlocked, navigate]);

  if (!allowed) return <Navigate to="/admin/login" replace />;
  if (rootBlocked) return null;

  const items = visibleMenu(adminMenu, auth.isRoot);
  const toMenu = (list: AdminMenuItem[]): MenuProps['items'] =>
    list.map((it) => (it.children ? { key: it.key, icon: it.icon, label: t(it.label), children: toMenu(it.children) } : { key: it.key, icon: it.icon, label: t(it.label) }));
  const sel = selectedKey(items, meta.activeMenu ?? pathname);
  const menu = (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={sel ? [sel] : []}
      defaultOpenKeys={items.filter((i) => i.children).map((i) => i.key)}
      items={toMenu(items)}
      onClick={({ key }) => {
        navigate(key);
        setDrawer(false);
      }}
    />
  );
  const logout = async () => {
    try {
      await api.get('/admin/logout', undefined, { quiet: true });
    } catch {}
    navigate('/admin/login');
    clearUser();
  };

  return (
    <Layout className="admin-layout" style={{ minHeight: '100vh' }}>
      {!mobile && (
        <Layout.Sider width={220} theme="dark" className="admin-sider">
          <div className="admin-brand">
            <Logo name={t('admin.brand')} to="/admin/dashboard" />
          </div>
          {menu}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="admin-header">
          {mobile && <Button type="text" icon={<MenuOutlined />} onClick={() => setDrawer(true)} aria-label="menu" />}
          {/* One line on phones: the title is cut with an ellipsis and "back to site" keeps only its icon. */}
          <div className="admin-header-title" style={{ minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {meta.title ? t(meta.title) : sel ? t(findLabel(items, sel) ?? '') : ''}
          </div>
          <Button type="link" icon={<HomeOutlined />} href="/home" aria-label={t('admin.backToSite')}>
            {!mobile && t('admin.backToSite')}
          </Button>
          <Dropdown menu={{ items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: logout }] }}>
            <span className="nav-user" data-testid="admin-user">
              <UserAvatar username={auth.user?.username ?? ''} src={auth.user?.avatar} size={30} />
              {!mobile && <span className="nav-username">{auth.user?.username}</span>}
              <DownOutlined style={{ fontSize: 10 }} />
            </span>
          </Dropdown>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {mobile && (
        <Drawer open={drawer} onClose={() => setDrawer(false)} placement="left" width={240} styles={{ body: { padding: 0, background: '#001529' } }} title={t('admin.brand')}>
          {menu}
        </Drawer>
      )}
    </Layout>
  );
}

function findLabel(items: AdminMenuItem[], key: string): string | undefined {
  for (const it of items) {
    if (it.key === key) return it.label;
    if (it.children) {
      const l = findLabel(it.children, key);
      if (l) return l;
    }
  }
  return undefined;
}
