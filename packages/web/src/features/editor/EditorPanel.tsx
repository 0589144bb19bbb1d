import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { BugOutlined, CloudDownloadOutlined, RedoOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IN_PROGRESS_STATUSES, JudgeStatus, TIMING, canSubmit, parseExamples } from '@verdict/shared';
import { StatusTag } from '../../components';
import { msg } from '../../i18n/messages';
import { feedback, toast } from '../../lib/feedback';
import { useLiveSignal } from '../../lib/live';
import { api, ApiError } from '../../lib/request';
import { openAuthModal, useAuth } from '../../stores/user';
import type { LanguageVo as Language, ProblemInfoVo } from '@verdict/shared';
import { submissionApi, type Submission } from '../submission';
import { formatMemory, formatTime } from '../submission';
import { judgeProgressText } from '../submission';
import { CodeEditor } from '../../components/code-editor/CodeEditor';
import { EditorSettingsPopover } from './EditorSettingsPopover';
import { SOURCE_FILE_ACCEPT } from '../../components/code-editor/language-modes';
import { useStickyTrue } from '../../lib/hooks';
import { codeScope, loadSavedCode, saveCode, saveGlobalSettings, settingsOf, type EditorSettings } from './storage';
import './editor.css';

// Opened on demand: the online-test drawer (its form) and zod's check of the code at submission.
const OnlineTestDrawer = lazy(() => import('./OnlineTestDrawer').then((m) => ({ default: m.OnlineTestDrawer })));
const checkCode = async (code: string) => (await import('./code-check')).checkCode(code);

/** What the problem page shows: get-problem-detail's answer, or a contest's (which has no parsed examples). */
export type ProblemView = Omit<ProblemInfoVo, 'examples'> & { examples?: ProblemInfoVo['examples'] };

export interface EditorPanelProps {
  detail: ProblemView;
  /** The display ID the page was opened with (the contest's "A" inside a contest): what submit sends as pid. */
  problemID: string;
  languages: Language[];
  cid?: number;
  tid?: number;
  gid?: number;
  /** Problem failed to load or the contest forbids submitting. */
  submitDisabled?: boolean;
  /** OI contest without real-time permission: the verdict is hidden. */
  hideResult?: boolean;
  /** Already solved in an ACM contest. */
  solved?: boolean;
  /** Link to a submission's detail page (contest and group variants differ). */
  detailLink?: (submitId: number) => string;
  /** Called once the submission reached a final status (refresh the problem and the footer strip). */
  onJudged?: () => void;
}

function pickLanguage(available: string[], preferred?: string | null) {
  if (preferred && available.includes(preferred)) return preferred;
  return available.find((l) => /^c\+\+/i.test(l)) ?? available[0] ?? '';
}

/** The right pane of a problem page: toolbar, CodeMirror, submit with its status area, Online Test. */
export function EditorPanel({ detail, problemID, languages, cid, tid, gid, submitDisabled, hideResult, solved, detailLink, onJudged }: EditorPanelProps) {
  const { t } = useTranslation();
  const { isLoggedIn, roles } = useAuth();
  const languageId = useId();
  const p = detail.problem;
  const scope = codeScope(p.id, { cid, tid, gid });
  const langNames = detail.languages;
  const langInfo = useMemo(() => new Map(languages.map((l) => [l.name, l])), [languages]);
  const templateOf = useCallback((lang: string) => detail.codeTemplate?.[lang] ?? langInfo.get(lang)?.template ?? '', [detail.codeTemplate, langInfo]);

  // Saved code, language and settings of this problem; the language template when nothing is stored.
  // Keyed on the scope and the language names only, so refetching the problem keeps the editor as it is.
  const templateRef = useRef(templateOf);
  templateRef.current = templateOf;
  const langKey = langNames.join('\n');
  const initial = useMemo(() => {
    const saved = loadSavedCode(scope);
    const language = pickLanguage(langKey ? langKey.split('\n') : [], saved?.language);
    const code = saved && saved.language === language ? saved.code : templateRef.current(language);
    return { language, code, settings: settingsOf(saved) };
  }, [scope, langKey]);
  const [language, setLanguage] = useState(initial.language);
  const [code, setCode] = useState(initial.code);
  const [settings, setSettings] = useState<EditorSettings>(initial.settings);
  useEffect(() => {
    setLanguage(initial.language);
    setCode(initial.code);
    setSettings(initial.settings);
  }, [initial]);
  // The languages call may answer after the problem: fill the template into a still empty editor.
  useEffect(() => {
    setCode((c) => (c.trim() ? c : templateOf(language)));
  }, [templateOf, language]);

  // Keep the latest state for the save on leaving the page.
  const latest = useRef({ code, language, settings });
  latest.current = { code, language, settings };
  useEffect(() => {
    const h = setTimeout(() => saveCode(scope, { code, language, ...settings }), 400);
    return () => clearTimeout(h);
  }, [scope, code, language, settings]);
  useEffect(() => () => saveCode(scope, { ...latest.current, ...latest.current.settings }), [scope]);

  const [submitting, setSubmitting] = useState(false);
  const [current, setCurrent] = useState<(Pick<Submission, 'submitId' | 'status' | 'score' | 'time' | 'memory'> & { caseDone?: number; caseTotal?: number; caseCurrent?: number; queuePosition?: number }) | null>(null);
  const [captcha, setCaptcha] = useState<{ img: string; captchaKey: string } | null>(null);
  const [captchaCode, setCaptchaCode] = useState('');
  const [testOpen, setTestOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const testUsed = useStickyTrue(testOpen);
  const pollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pollTimer.current), []);

  const awaiting = !!current && IN_PROGRESS_STATUSES.includes(current.status);
  const bannedFromSubmit = isLoggedIn && !canSubmit(roles);
  const disabled = !!submitDisabled || awaiting || submitting || bannedFromSubmit || !language;

  const changeLanguage = (lang: string) => {
    // Switching to a language with untouched template code brings that language's template.
    if (!code.trim() || code === templateOf(language)) setCode(templateOf(lang));
    setLanguage(lang);
  };
  const changeSettings = (s: EditorSettings) => {
    setSettings(s);
    saveGlobalSettings(s);
  };
  const reset = () => {
    feedback.modal?.confirm({ title: t('editor.reset'), content: t('editor.resetConfirm'), okText: t('editor.ok'), cancelText: t('editor.cancel'), onOk: () => setCode(templateOf(language)) });
  };
  const fetchRecentPassed = () => {
    feedback.modal?.confirm({
      title: t('editor.recentPassed'), content: t('editor.recentPassedConfirm'), okText: t('editor.ok'), cancelText: t('editor.cancel'),
      onOk: async () => {
        const r = await submissionApi.lastAcCode(p.id, cid);
        setCode(r.code);
        if (langNames.includes(r.language)) setLanguage(r.language);
        else toast('info', t('editor.recentPassedLanguageKept'));
      },
    });
  };
  const uploadFile = (file: File) => {
    if (file.size > 65535 * 4) {
      toast('error', t('editor.uploadTooLarge'));
      return false;
    }
    void file.text().then((text) => setCode(text));
    return false;
  };

  // Polls the status area every 2 s; a live signal for this submission polls at once.
  const pollStatus = (submitId: number, polls = 0, delay: number = TIMING.submissionPollMs) => {
    clearTimeout(pollTimer.current);
    pollTimer.current = setTimeout(async () => {
      try {
        const r = await submissionApi.detail(submitId);
        const s = r.submission;
        setCurrent({ submitId, status: s.status, score: s.score, time: s.time, memory: s.memory, caseDone: s.caseDone ?? undefined, caseTotal: s.caseTotal ?? undefined, caseCurrent: s.caseCurrent ?? undefined });
        if (IN_PROGRESS_STATUSES.includes(s.status) && polls + 1 < TIMING.submissionPollMax) pollStatus(submitId, polls + 1);
        else onJudged?.();
      } catch {
        // Polling stops on error; the status area keeps the last known state.
      }
    }, delay);
  };
  const pollsRef = useRef(0);
  useLiveSignal(awaiting && current ? { mine: true } : null, ['submission'], (d) => {
    if (current && (d.id === undefined || d.id === current.submitId)) pollStatus(current.submitId, ++pollsRef.current, 0);
  }, 0);

  const loadCaptcha = async () => setCaptcha(await api.get<{ img: string; captchaKey: string }>('/captcha'));

  const doSubmit = async () => {
    setSubmitting(true);
    try {
      const submitId = await submissionApi.submit({
        pid: problemID, language, code, cid: cid ?? null, tid: tid ?? null, gid: gid ?? null, isRemote: p.isRemote,
        ...(captcha ? { captcha: captchaCode, captchaKey: captcha.captchaKey } : {}),
      });
      toast('success', t('editor.submitSuccess'));
      setCaptcha(null);
      setCaptchaCode('');
      setCurrent({ submitId, status: JudgeStatus.PENDING, score: null, time: null, memory: null });
      pollStatus(submitId);
    } catch (e) {
      // The server asks for a captcha when it wants one (data.needCaptcha); the status area hides on failure.
      setCurrent(null);
      if (e instanceof ApiError && (e.data as { needCaptcha?: boolean } | null)?.needCaptcha) {
        setCaptchaCode('');
        void loadCaptcha();
      }
    } finally {
      setSubmitting(false);
    }
  };

  const submit = async () => {
    if (!isLoggedIn) {
      toast('warning', msg('loginFirst'));
      openAuthModal('login');
      return;
    }
    const problem = await checkCode(code);
    if (problem) {
      toast('error', msg(problem));
      return;
    }
    if (captcha && !captchaCode.trim()) {
      toast('error', msg('captchaRequired'));
      return;
    }
    if (hideResult && current) {
      feedback.modal?.confirm({ title: t('editor.submit'), content: t('editor.ociCover'), okText: t('editor.ok'), cancelText: t('editor.cancel'), onOk: doSubmit });
      return;
    }
    void doSubmit();
  };

  const statusArea = () => {
    if (solved && !current) return <span className="text-success">{t('editor.solved')}</span>;
    if (!current) return null;
    if (hideResult) return <span className="text-success" data-testid="submit-status">{t('editor.oiHidden')}</span>;
    const progress = judgeProgressText(current, t);
    return (
      <Space wrap data-testid="submit-status">
        <span>{t('editor.result')}:</span>
        <Link to={detailLink ? detailLink(current.submitId) : `/submission-detail/${current.submitId}`}>
          <StatusTag status={current.status} />
        </Link>
        {progress && <span className="text-secondary" data-testid="judge-progress">{progress}</span>}
        {current.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT && <span className="text-warning">{t('editor.submittedNotResult')}</span>}
        {!IN_PROGRESS_STATUSES.includes(current.status) && (
          <span className="text-secondary">
            {current.score != null && p.type === 1 ? `${t('editor.score')}: ${current.score} · ` : ''}{formatTime(current.time)} · {formatMemory(current.memory)}
          </span>
        )}
      </Space>
    );
  };

  return (
    <section className="editor-panel">
      <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <label htmlFor={languageId}>{t('editor.language')}:</label>
          {/* A native select: the list is a handful of names, and antd's Select weighs ~22 KB on this page. */}
          <select
            id={languageId}
            className="plain-field plain-select"
            value={language}
            onChange={(e) => changeLanguage(e.target.value)}
            disabled={!langNames.length}
            data-testid="editor-language"
          >
            {!langNames.length && <option value="">{t('editor.noLanguage')}</option>}
            {langNames.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </Space>
        <Space wrap>
          <Tooltip title={t('editor.reset')}><Button icon={<RedoOutlined />} onClick={reset} aria-label={t('editor.reset')} data-testid="editor-reset" /></Tooltip>
          {isLoggedIn && !disabled && (
            <Tooltip title={t('editor.recentPassed')}><Button icon={<CloudDownloadOutlined />} onClick={fetchRecentPassed} aria-label={t('editor.recentPassed')} /></Tooltip>
          )}
          {/* A plain file input behind the button: antd's Upload adds its list and request code for nothing here. */}
          <input ref={fileInput} type="file" accept={SOURCE_FILE_ACCEPT} hidden data-testid="editor-upload-input"
            onChange={(e) => { const f = e.target.files?.[0]; if (f) uploadFile(f); e.target.value = ''; }} />
          <Tooltip title={t('editor.upload')}><Button icon={<UploadOutlined />} aria-label={t('editor.upload')} onClick={() => fileInput.current?.click()} /></Tooltip>
          <EditorSettingsPopover value={settings} onChange={changeSettings} />
        </Space>
      </Space>
      <CodeEditor value={code} onChange={setCode} language={language} contentType={langInfo.get(language)?.contentType} settings={settings} testId="code-editor" />
      {captcha && (
        <Space style={{ marginTop: 8 }}>
          <span>{t('editor.captcha')}:</span>
          <input className="plain-field" value={captchaCode} onChange={(e) => setCaptchaCode(e.target.value)} placeholder={t('editor.captchaPlaceholder')} aria-label={t('editor.captcha')}
            maxLength={8} style={{ width: 140 }} data-testid="submit-captcha" />
          <img src={captcha.img} alt={t('editor.captcha')} style={{ height: 32, cursor: 'pointer' }} onClick={() => void loadCaptcha()} data-testid="submit-captcha-img" />
        </Space>
      )}
      <div className="editor-actions">
        <div className="editor-status">{statusArea()}</div>
        <Space>
          <Button icon={<BugOutlined />} onClick={() => setTestOpen(true)} data-testid="open-online-test">{t('editor.onlineTest')}</Button>
          <Button type="primary" icon={<SendOutlined />} loading={submitting} disabled={disabled} onClick={() => void submit()} data-testid="submit-code">
            {submitting ? t('editor.submitting') : t('editor.submit')}
          </Button>
        </Space>
      </div>
      {testUsed && <Suspense fallback={null}><OnlineTestDrawer
        open={testOpen}
        onClose={() => setTestOpen(false)}
        pid={p.id}
        language={language}
        code={code}
        samples={parseExamples(p.examples)}
        judgeMode={p.judgeMode}
        type={cid ? 'contest' : gid ? 'group' : 'public'}
        cid={cid}
        gid={gid}
        isRemote={p.isRemote}
      /></Suspense>}
    </section>
  );
}
