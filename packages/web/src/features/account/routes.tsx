import type { FeatureRoutes } from '../../app/route-types';
import { ResetPasswordPage } from './ResetPasswordPage';
import { LogoutPage } from './LogoutPage';

const routes: FeatureRoutes = {
  main: [
    { path: '/reset-password', element: <ResetPasswordPage /> },
    { path: '/logout', element: <LogoutPage />, handle: { requireLogin: true } },
  ],
};
export default routes;
