import type { FeatureRoutes } from '../../app/route-types';
import { HomePage } from './HomePage';

const routes: FeatureRoutes = { main: [{ path: '/home', element: <HomePage /> }] };
export default routes;
