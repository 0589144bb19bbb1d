import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Drawer, Input, Result, Space, Spin, Tabs, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { JudgeStatus, LIMITS, TIMING, submissionCode } from '@verdict/shared';
import { StatusTag } from '../../components';
import { msg } from '../../i18n';
import { toast } from '../../lib/feedback';
import { openAuthModal, useAuth } from '../../stores/user';
import { submissionApi, type TestRunResult } from '../submission';
import { formatMemory, formatTime } from '../submission';

type TabKey = 'case' | 'result' | 'running';

/** Normalised output comparison used only to recognise a sample (trailing blanks do not matter). */
const norm = (s: string | null | undefined) => (s ?? '').replace(/\r\n/g, '\n').split('\n').map((l) => l.trimEnd()).join('\n').trimEnd();

/**
 * Online Test (spec 01 §4): run the code on a typed input; polls every 1 s while Pending; shows
 * "Pass Test Case n" when an accepted run used a sample, a Compilation Failed card, and the
 * special-judge note.
 */
export function OnlineTestDrawer({ open, onClose, pid, language, code, samples, judgeMode, type, cid, gid, isRemote }: {
  open: boolean;
  onClose: () => void;
  pid: number;
  language: string;
  code: string;
  samples: { input: string; output: string }[];
  judgeMode?: string;
  type: 'public' | 'contest' | 'group';
  cid?: number;
  gid?: number;
  isRemote?: boolean;
}) {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  const [tab, setTab] = useState<TabKey>('case');
  const [input, setInput] = useState(samples[0]?.input ?? '');
  const [expected, setExpected] = useState(samples[0]?.output ?? '');
  const [status, setStatus] = useState<number>(JudgeStatus.NOT_SUBMITTED);
  const [result, setResult] = useState<TestRunResult | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = (key: string) => {
    timer.current = setTimeout(async () => {
      try {
        const r = await submissionApi.testResult(key);
        setStatus(r.status);
        if (r.status === JudgeStatus.PENDING || r.status === JudgeStatus.COMPILING || r.status === JudgeStatus.JUDGING) {
          poll(key);
          return;
        }
        setResult(r);
        setLoading(false);
        setTab('result');
      } catch {
        setLoading(false); // on a poll failure loading stops
      }
    }, TIMING.testRunPollMs);
  };

  const run = async () => {
    if (!isLoggedIn) {
      toast('warning', msg('loginFirst'));
      openAuthModal('login');
      return;
    }
    const check = submissionCode.safeParse(code);
    if (!check.success) {
      toast('error', msg(check.error.issues[0].message as 'codeEmpty'));
      return;
    }
    if (input.length > LIMITS.testInputMax) {
      toast('error', t('editor.inputTooLong'));
      return;
    }
    setLoading(true);
    setResult(null);
    setStatus(JudgeStatus.PENDING);
    setTab('result');
    try {
      const key = await submissionApi.testRun({ pid, language, code, type, userInput: input, expectedOutput: expected || null, mode: judgeMode, isRemoteJudge: !!isRemote, cid: cid ?? null, gid: gid ?? null });
      poll(key);
    } catch {
      setLoading(false);
      setStatus(JudgeStatus.NOT_SUBMITTED);
      setTab('case'); // on submit failure the view returns to the input tab
    }
  };

  const sampleIndex = result && result.status === JudgeStatus.ACCEPTED
    ? samples.findIndex((s) => norm(s.input) === norm(result.userInput ?? input) && norm(s.output) === norm(result.expectedOutput ?? expected))
    : -1;
  const spj = (result?.problemJudgeMode ?? judgeMode) === 'spj' || (result?.problemJudgeMode ?? judgeMode) === 'interactive';

  const resultView = () => {
    if (loading || status === JudgeStatus.PENDING) return <div style={{ textAlign: 'center', padding: 24 }}><Spin /> <div>{t('editor.running')}</div></div>;
    if (!result) return <Typography.Text type="secondary">{t('editor.noResult')}</Typography.Text>;
    if (result.status === JudgeStatus.COMPILE_ERROR) {
      return (
        <Card size="small" title={<span style={{ color: '#e5484d' }}>{t('editor.compilationFailed')}</span>} data-testid="test-compile-failed">
          <pre className="stderr-block">{result.stderr}</pre>
        </Card>
      );
    }
    const head = spj && (result.status === JudgeStatus.ACCEPTED || result.status === JudgeStatus.WRONG_ANSWER)
      ? <Alert type="success" showIcon message={t('editor.success')} description={t('editor.spjNote')} />
      : sampleIndex >= 0
        ? <Alert type="success" showIcon message={<span data-testid="test-pass">{t('editor.passTestCase', { n: sampleIndex + 1 })}</span>} />
        : result.status === JudgeStatus.ACCEPTED
          ? <Alert type="success" showIcon message={t('editor.success')} />
          : <Alert type="error" showIcon message={<StatusTag status={result.status} />} description={result.status === JudgeStatus.WRONG_ANSWER ? t('editor.wrongOutput') : undefined} />;
    return (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="test-result">
        {head}
        <Typography.Text type="secondary">{t('editor.time')}: {formatTime(result.time)} · {t('editor.memory')}: {formatMemory(result.memory)}</Typography.Text>
        <div className="test-io-grid">
          <div><div className="io-label">{t('editor.input')}</div><pre>{result.userInput ?? input}</pre></div>
          <div><div className="io-label">{t('editor.userOutput')}</div><pre>{result.userOutput}</pre></div>
          {(result.expectedOutput ?? expected) && <div><div className="io-label">{t('editor.expectedOutput')}</div><pre>{result.expectedOutput ?? expected}</pre></div>}
        </div>
        {result.stderr && <div><div className="io-label">{t('editor.stderr')}</div><pre className="stderr-block">{result.stderr}</pre></div>}
      </Space>
    );
  };

  return (
    <Drawer open={open} onClose={onClose} placement="bottom" height={420} title={t('editor.onlineTest')} mask={false} data-testid="online-test-drawer"
      extra={<Button type="primary" icon={<PlayCircleOutlined />} loading={loading} onClick={run} data-testid="run-test">{t('editor.runTest')}</Button>}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as TabKey)} items={[
        {
          key: 'case', label: t('editor.testCase'), children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space wrap>
                {samples.map((s, i) => (
                  <Button key={i} size="small" onClick={() => { setInput(s.input); setExpected(s.output); }}>{t('editor.useSample', { n: i + 1 })}</Button>
                ))}
              </Space>
              <div className="test-io-grid">
                <div><div className="io-label">{t('editor.input')}</div>
                  <Input.TextArea rows={6} value={input} onChange={(e) => setInput(e.target.value)} maxLength={LIMITS.testInputMax} showCount data-testid="test-input" /></div>
                <div><div className="io-label">{t('editor.expectedOutput')}</div>
                  <Input.TextArea rows={6} value={expected} onChange={(e) => setExpected(e.target.value)} data-testid="test-expected" /></div>
              </div>
            </Space>
          ),
        },
        { key: 'result', label: t('editor.testResult'), children: resultView() },
        {
          key: 'running', label: t('editor.runningTest'), children: loading
            ? <Result icon={<Spin size="large" />} title={t('editor.running')} subTitle={<StatusTag status={status} />} />
            : <Result status="info" title={status === JudgeStatus.NOT_SUBMITTED ? t('editor.noResult') : <StatusTag status={status} />} />,
        },
      ]} />
    </Drawer>
  );
}
