import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { localeWithCode } from './build/locale-with-code';

// react-router's package exports only its development build to bundlers; production builds take
// the minified production build it ships beside it (no dev warnings, ~40% smaller).
const require = createRequire(import.meta.url);
const reactRouterProd = require.resolve('react-router').replace(/\/development\/index\.m?js$/, '/production/index.mjs');
// ECharts and ZRender pin an older tslib in their own node_modules; its helpers are the same
// (backward compatible), so the build keeps one copy: the newest, as an ES module.
const tslibEs = path.join(path.dirname(require.resolve('tslib/package.json')), 'tslib.es6.mjs');

// antd's form context (in every screen, through ConfigProvider) takes only FormProvider from
// rc-field-form's index; that index sets Field, List and useForm on the Form object as it loads, so
// the whole form engine and its validator came with the first page. Point that one import at the
// file that defines FormProvider; screens with forms still get the engine in their own chunks.
const rcFormProvider = require.resolve('rc-field-form/es/FormContext.js');
// antd's button style and tooltip take a colour class, `isBright` and `generateColor` from the colour
// picker, which brought the picker and Collapse into every page: a small equivalent on FastColor
// (build/shims) serves those two importers; the colour picker itself is unchanged.
const buttonTokenColor = path.resolve(import.meta.dirname, 'build/shims/button-token-color.ts');
// antd's Modal imports Skeleton for its `loading` state; a lazy one (build/shims) keeps it off the first page.
const modalSkeleton = path.resolve(import.meta.dirname, 'build/shims/modal-skeleton.tsx');
const antdImports: Plugin = {
  name: 'verdict-antd-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'rc-field-form' && importer && /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return rcFormProvider;
    if (/^\.\.\/\.\.\/color-picker\/(color|components\/ColorPresets)$/.test(source) && importer && /[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/.test(importer)) return buttonTokenColor;
    if (source === '../color-picker/util' && importer && /[\\/]antd[\\/]es[\\/]tooltip[\\/]util\.js$/.test(importer)) return buttonTokenColor;
    if (source === '../skeleton' && importer && /[\\/]antd[\\/]es[\\/]modal[\\/]Modal\.js$/.test(importer)) return modalSkeleton;
    return null;
  },
};

export default defineConfig(({ command }) => ({
  plugins: [localeWithCode(), antdImports, react(), precompress()],
  resolve: {
    alias: [
      { find: '@verdict/shared', replacement: path.resolve(import.meta.dirname, '../shared/src/index.ts') },
      // echarts-for-react's CommonJS build (lib/) arrives as a module object, not a component; use its ES build.
      { find: /^echarts-for-react\/lib\/(.*)$/, replacement: 'echarts-for-react/esm/$1' },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : []),
      { find: /^tslib$/, replacement: tslibEs },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/public': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      treeshake: {
        // antd's rc-* component packages declare no "sideEffects", so one import of a package's index
        // (e.g. antd's form context importing rc-field-form) would keep the whole package in the first
        // bundle. They have none: let unused modules go. Everything else keeps its package.json's word.
        moduleSideEffects: (id) => (/\/node_modules\/(rc-[^/]+|@rc-component\/[^/]+)\/.*\.js$/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          // What every screen runs goes in two chunks instead of ~20 small shared ones (fewer requests,
          // better compression). Each screen's own libraries (editor, charts, markdown, tables, forms)
          // keep the automatic per-route chunks.
          groups: [
            { name: 'framework', test: /\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|dayjs)\//, priority: 2 },
            {
              name: 'antd-core',
              test: /\/node_modules\/(@ant-design\/(cssinjs|cssinjs-utils|colors|fast-color)|@babel\/runtime|rc-util|rc-motion|stylis|@emotion\/[^/]+|rc-resize-observer|resize-observer-polyfill|@rc-component\/(portal|util|trigger)|antd\/es\/(config-provider|theme|style|_util|locale|app|version))\//,
              priority: 1,
            },
            // Everything else the first screen runs (the frame: navbar, footer, request layer) in one
            // chunk, instead of a few shared pieces split off because lazy screens use them too.
            { name: 'app', tags: ['$initial'], priority: 0 },
          ],
        },
      },
    },
  },
}));
