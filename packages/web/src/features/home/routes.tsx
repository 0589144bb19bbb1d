import type { FeatureRoutes } from '../../app/route-types';
// The home page is where most visits start ('/' leads to it): it is part of the first bundle, so a
// cold visit gets it with the frame in a few requests instead of after it in many small ones. It
// is built light for that (Panel, plain lists, an SVG chart; the carousel's slider loads only when
// there are pictures, an announcement's markdown only when one is opened).
import { HomePage } from './HomePage';

const routes: FeatureRoutes = {
  main: [{ path: '/home', element: <HomePage /> }],
};
export default routes;
