import { Suspense, useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import i18n from 'i18next';
import { printLang, type PrintSetProblemVo } from '@verdict/shared';
import { Markdown } from '../../components/markdown/Markdown';
import { currentLang } from '../../i18n';
import { printSetQuery, type PrintLang, type PrintSetVo } from './api';
import './print-set.css';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** Tells the server's Chromium (data-print-ready / data-print-error on <html>) that the set has rendered or failed. */
function signal(name: 'printReady' | 'printError', value: string) {
  document.documentElement.dataset[name] = value;
}

/** Waits for what the layout still loads: fonts (KaTeX's included) and every image (each at most 15 s). */
async function settled() {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await document.fonts.ready;
  const images = [...document.images].filter((img) => !img.complete);
  await Promise.all(images.map((img) => new Promise<void>((r) => {
    const done = () => r();
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
    setTimeout(done, 15_000);
  })));
  await document.fonts.ready;
}

/** Rendered last inside the one Suspense boundary: its effect runs once every statement (maths, code) has rendered. */
function ReadySignal() {
  useEffect(() => {
    let live = true;
    void settled().then(() => live && signal('printReady', '1'));
    return () => { live = false; };
  }, []);
  return null;
}

const limitText = (value: number, unit: string, doubled: boolean, t: T) =>
  doubled ? `C/C++ ${value} ${unit}, ${t('printSet.otherLanguages')} ${value * 2} ${unit}` : `${value} ${unit}`;

function Section({ title, source }: { title: string; source: string }) {
  if (!source.trim()) return null;
  return (
    <section className="ps-section">
      <h3>{title}</h3>
      <Markdown source={source} />
    </section>
  );
}

function Problem({ p, t }: { p: PrintSetProblemVo; t: T }) {
  return (
    // A table so that Chromium repeats the problem's header (its thead) on every page it spans.
    <table className="ps-problem" data-testid={`print-problem-${p.displayId}`}>
      <thead><tr><th className="ps-running">{p.displayId}. {p.title}</th></tr></thead>
      <tbody><tr><td>
        <h2 className="ps-title">{p.displayId}. {p.title}</h2>
        <ul className="ps-limits">
          <li>{t('printSet.timeLimit')}: {limitText(p.timeLimit, 'ms', p.othersDoubled, t)}</li>
          <li>{t('printSet.memoryLimit')}: {limitText(p.memoryLimit, 'MB', p.othersDoubled, t)}</li>
          {p.ioScore !== null && <li>{t('printSet.score')}: {p.ioScore}</li>}
          {p.isFileIO && <li>{t('printSet.fileIO')}: {t('printSet.inputFile')} <code>{p.ioReadFileName}</code>, {t('printSet.outputFile')} <code>{p.ioWriteFileName}</code></li>}
        </ul>
        <Section title={t('printSet.description')} source={p.description} />
        <Section title={t('printSet.input')} source={p.input} />
        <Section title={t('printSet.output')} source={p.output} />
        {p.examples.length > 0 && (
          <section className="ps-section">
            <h3>{t('printSet.samples')}</h3>
            {p.examples.map((ex, i) => (
              <table className="ps-sample" key={i}>
                <thead><tr><th>{t('printSet.sampleInput', { n: i + 1 })}</th><th>{t('printSet.sampleOutput', { n: i + 1 })}</th></tr></thead>
                <tbody><tr><td><pre>{ex.input}</pre></td><td><pre>{ex.output}</pre></td></tr></tbody>
              </table>
            ))}
          </section>
        )}
        <Section title={t('printSet.hint')} source={p.hint} />
      </td></tr></tbody>
    </table>
  );
}

function Cover({ set, lang, t }: { set: PrintSetVo; lang: PrintLang; t: T }) {
  const fmt = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <section className="ps-cover" data-testid="print-cover">
      <div className="ps-kicker">{t('printSet.problemSet')}</div>
      <h1>{set.contest.title}</h1>
      <dl className="ps-times">
        <dt>{t('printSet.start')}</dt><dd>{fmt.format(set.contest.startTime)}</dd>
        <dt>{t('printSet.end')}</dt><dd>{fmt.format(set.contest.endTime)}</dd>
      </dl>
      <h3>{t('printSet.problems')} <span className="ps-count">{t('printSet.problemCount', { n: set.problems.length })}</span></h3>
      <table className="ps-list">
        <thead><tr><th>#</th><th>{t('printSet.problems')}</th><th>{t('printSet.timeLimit')}</th><th>{t('printSet.memoryLimit')}</th></tr></thead>
        <tbody>
          {set.problems.map((p) => (
            <tr key={p.displayId}><td>{p.displayId}</td><td>{p.title}</td><td>{p.timeLimit} ms</td><td>{p.memoryLimit} MB</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * /print/contest/:cid — the contest's problem set as printed (issue 32): a cover page, then each
 * problem from a new page, rendered with the site's markdown/KaTeX renderer. The server's headless
 * Chromium opens it with a print token (#token=...) and prints it to PDF once the page signals it
 * has rendered; a contest admin may open it in their own browser too.
 */
export function PrintContestSet() {
  const { cid: cidParam } = useParams();
  const [search] = useSearchParams();
  const cid = Number(cidParam);
  const asked = printLang.safeParse(search.get('lang'));
  const lang: PrintLang = asked.success ? asked.data : currentLang();
  const token = useMemo(() => new URLSearchParams(window.location.hash.slice(1)).get('token'), []);
  const t = useMemo(() => i18n.getFixedT(lang) as unknown as T, [lang]);
  const q = useQuery({ ...printSetQuery(cid, token, lang), enabled: Number.isInteger(cid) && cid > 0 });

  useEffect(() => {
    document.documentElement.lang = lang;
    if (q.data) document.title = q.data.contest.title;
  }, [lang, q.data]);
  useEffect(() => {
    if (q.error) signal('printError', q.error.message || 'load failed');
  }, [q.error]);

  if (q.error) return <div className="ps-error" role="alert">{t('printSet.loadFailed')}: {q.error.message}</div>;
  if (!q.data) return null;
  return (
    <div className="print-set" data-testid="print-set">
      <Suspense fallback={null}>
        <Cover set={q.data} lang={lang} t={t} />
        {q.data.problems.map((p) => <Problem key={p.displayId} p={p} t={t} />)}
        <ReadySignal />
      </Suspense>
    </div>
  );
}
