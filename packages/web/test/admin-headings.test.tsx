import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import i18next, { type TFunction } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { deepMerge, type LocaleBundle } from '../src/i18n/bundles';
import adminContestRoutes from '../src/features/admin-contest/routes';
import TagManager from '../src/features/admin-problem/TagManager';

// The screens' modules touch the browser's globals when loaded (no DOM here: rendered to a string).
vi.hoisted(() => {
  const g = globalThis as Record<string, unknown>;
  g.window ??= g;
  g.localStorage ??= { getItem: () => null, setItem: () => {}, removeItem: () => {} };
});

// The tag page's calls are not made when rendered to a string; their module (the request client) is left out.
vi.mock('../src/features/admin-problem/api', () => ({
  adminTagsQuery: (oj: string) => ({ queryKey: ['admin-tags', oj], queryFn: async () => [] }),
  adminClassificationsQuery: (oj: string) => ({ queryKey: ['admin-classifications', oj], queryFn: async () => [] }),
  adminProblemApi: {},
}));

// Every feature's strings, as the built app has them once the screen's chunk is loaded.
const bundles = Object.values(import.meta.glob<{ default: LocaleBundle }>('../src/features/**/locale.ts', { eager: true })).map((m) => m.default);

async function i18nFor(lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance().use(initReactI18next);
  const translation = bundles.reduce((all, b) => deepMerge(all, b[lng]), {} as Record<string, unknown>);
  await i18n.init({ lng, resources: { [lng]: { translation } } });
  return i18n;
}

const LANGS = ['zh-CN', 'en-US'] as const;

// Issue 26 item 14a: a contest's admin pages highlight the contest list in the menu, but the
// header says what the page is (AdminLayout shows the route's handle title before the menu label).
describe('admin contest sub-pages', () => {
  const subPages = (adminContestRoutes.admin ?? []).filter((r) => r.path?.includes(':contestId'));

  it('each has a heading of its own, in both languages, not "Contest List"', async () => {
    expect(subPages.map((r) => r.path)).toEqual(expect.arrayContaining([
      'contest/:contestId/edit', 'contest/:contestId/problems', 'contest/:contestId/announcement',
      'contest/:contestId/problem/create', 'contest/:contestId/problem/:problemId/edit',
    ]));
    for (const lng of LANGS) {
      const i18n = await i18nFor(lng);
      const t = i18n.t.bind(i18n) as TFunction;
      const list = t('adminContest.list');
      const headings = subPages.map((r) => {
        const title = (r.handle as { title?: string } | undefined)?.title;
        expect(title, `${r.path} has no heading`).toBeTruthy();
        expect(i18n.exists(title!), `${lng}: ${title} has no text`).toBe(true);
        return t(title!);
      });
      for (const h of headings) expect(h).not.toBe(list);
      // Each page its own heading.
      expect(new Set(headings).size).toBe(headings.length);
    }
  });
});

// Issue 26 item 14b: the tag page's bank picker names the local bank in the reader's language.
describe('admin tag page', () => {
  it('shows the local bank by name, never the raw key "ME"', async () => {
    for (const lng of LANGS) {
      const i18n = await i18nFor(lng);
      const html = renderToString(
        <QueryClientProvider client={new QueryClient()}>
          <I18nextProvider i18n={i18n}><TagManager /></I18nextProvider>
        </QueryClientProvider>,
      );
      expect(html).toContain(i18n.t('adminProblem.tagManage'));
      expect(html).toContain(`>${i18n.t('problem.mine')}<`);
      expect(html).not.toMatch(/>ME</);
    }
  });
});
