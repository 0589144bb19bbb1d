import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { FeatureRoutes } from './route-types';
import { setRouteTable } from './route-registry';
import { MainLayout } from './layouts/MainLayout';
import { registerNavigator } from '../lib/nav';
import { PageLoading } from '../components/States';

// Only the public frame is in the first bundle; the admin frame, the error screens and every
// feature's screens (its routes.tsx uses React.lazy) load with the route that shows them.
const AdminLayout = lazy(() => import('./layouts/AdminLayout').then((m) => ({ default: m.AdminLayout })));
const RouteError = lazy(() => import('./layouts/RouteError').then((m) => ({ default: m.RouteError })));
const NotFound = lazy(() => import('../features/error/NotFound').then((m) => ({ default: m.NotFound })));
const page = (el: ReactNode) => <Suspense fallback={<PageLoading />}>{el}</Suspense>;

// Every feature's routes.tsx (src/features/<domain>/routes.tsx and src/features/admin/<area>/routes.tsx)
// is collected here in path order; a new feature only adds its own routes.tsx.
const featureModules = import.meta.glob<{ default: FeatureRoutes }>('../features/**/routes.tsx', { eager: true });
const features = Object.keys(featureModules).sort().map((k) => featureModules[k].default);

const main = features.flatMap((f) => f.main ?? []);
const admin = features.flatMap((f) => f.admin ?? []);
const bare = features.flatMap((f) => f.bare ?? []);

export const routes: RouteObject[] = [
  {
    errorElement: page(<RouteError />),
    children: [
      ...bare,
      {
        path: '/admin',
        element: page(<AdminLayout />),
        children: [
          { index: true, element: <Navigate to="/admin/dashboard" replace /> },
          ...admin,
          // Any other admin path goes to the admin login (spec 03 §2.2).
          { path: '*', element: <Navigate to="/admin/login" replace /> },
        ],
      },
      {
        path: '/',
        element: <MainLayout />,
        children: [{ index: true, element: <Navigate to="/home" replace /> }, ...main, { path: '*', element: page(<NotFound />) }],
      },
    ],
  },
];

setRouteTable(routes);
export const router = createBrowserRouter(routes);
registerNavigator((to) => void router.navigate(to));
