import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { RouteMeta } from '../route-types';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { useRouteMeta } from './useRouteMeta';
import { PageLoading } from '../../components/States';
import { clearUser, openAuthModal, takeSignOut, useAuth, userStore } from '../../stores/user';
import { useSiteConfig } from '../../stores/site';
import { showError } from '../../lib/feedback';
import { msg } from '../../i18n';
import { refreshRoles } from '../../lib/request';

// The login/register dialog (forms, slide check, rules) loads when it is first opened, then stays
// mounted so its closing animation and later openings need nothing more.
const AuthModal = lazy(() => import('../../features/account/AuthModal').then((m) => ({ default: m.AuthModal })));
function LazyAuthModal() {
  const open = userStore.use((s) => s.authModal !== null);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}

/** Route guards of spec 03 §6 for the public site. */
function Guard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const auth = useAuth();
  const config = useSiteConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const needLogin = !!meta.requireLogin && !auth.token;
  const switchOff = !!meta.requireSwitch && config.loaded && !config[meta.requireSwitch];
  const needRoot = !!meta.requireRoot && !needLogin && !auth.isRoot;

  useEffect(() => {
    if (needLogin && takeSignOut()) {
      // Logging out leaves /logout without a token: the success path, not a login prompt.
      navigate('/home', { replace: true });
    } else if (needLogin) {
      showError(msg('loginFirstGuard'));
      clearUser();
      navigate('/home', { replace: true });
      openAuthModal('login');
    } else if (switchOff || needRoot) {
      showError(msg('noAccess'));
      navigate('/home', { replace: true });
    }
    // Runs per path: the guard decides once for each visited route.
  }, [pathname, needLogin, switchOff, needRoot, navigate]);

  if (needLogin || switchOff || needRoot) return null;
  return <>{children}</>;
}

export function MainLayout() {
  const meta = useRouteMeta();
  const { pathname } = useLocation();
  const config = useSiteConfig();
  // A stored login may have expired or changed roles while the tab was closed.
  useEffect(() => void refreshRoles(), []);
  useEffect(() => {
    if (config.loaded) document.title = config.name;
  }, [config.loaded, config.name]);
  const hideFooter = meta.hideFooter || meta.fullScreen;
  useEffect(() => {
    // A block body on purpose: newer browsers return a Promise from scrollTo, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="app-layout">
      <Navbar meta={meta} />
      <main className={meta.fullScreen ? 'app-main app-main-full' : 'app-main'}>
        <Guard meta={meta}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Guard>
      </main>
      {!hideFooter && <Footer />}
      <LazyAuthModal />
    </div>
  );
}
