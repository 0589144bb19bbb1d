import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Spin, Switch } from 'antd';
import { FormField } from '../../../components/FormField';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProblemAuth, parseExamples, type ProblemSaveBody } from '@verdict/shared';
import { msg } from '../../../i18n/messages';
import { showError, toast } from '../../../lib/feedback';
import { allLanguagesQuery, difficultyLabel, DIFFICULTIES } from '../../problem';
import { adminContestProblemFormApi, adminProblemApi, adminProblemKeys, problemFormQuery, type AdminProblemView, type ContestProblemPlace } from '../api';
import { AUTH_OPTIONS } from '../AdminProblemList';
import PackageSolutions from '../PackageSolutions';
import { MarkdownField } from './MarkdownField';
import { TagPicker } from './TagPicker';
import { ExtraFilesField } from './ExtraFilesField';
import { JudgeModeSection } from './JudgeModeSection';
import { TestCasesField } from './TestCasesField';
import { CodeTemplatesField } from './CodeTemplatesField';
import { caseModesFor, compileKey, emptyForm, withSplitScores, type CaseMode, type ProblemFormState } from './state';
import { validateForm } from './validate';
import { ProblemFormScopeContext, type ProblemFormScope } from './scope';
import '../admin-problem.css';

const CASE_MODE_LABEL: Record<CaseMode, string> = {
  default: 'caseDefault', ergodic_without_error: 'caseErgodic', subtask_lowest: 'caseSubtaskLowest', subtask_average: 'caseSubtaskAverage',
};

function fromView(v: AdminProblemView, prefix = ''): ProblemFormState {
  const p = v.problem;
  const cases = v.cases.map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum }));
  return {
    ...emptyForm(),
    id: p.id, problemId: prefix && p.problemId.startsWith(prefix) ? p.problemId.slice(prefix.length) : p.problemId, title: p.title ?? '', description: p.description ?? '', input: p.input ?? '', output: p.output ?? '',
    hint: p.hint ?? '', source: p.source ?? '', timeLimit: p.timeLimit, memoryLimit: p.memoryLimit, stackLimit: p.stackLimit ?? 128,
    difficulty: p.difficulty, auth: p.auth, type: p.type, codeShare: !!p.codeShare, isRemoveEndBlank: !!p.isRemoveEndBlank,
    openCaseResult: !!p.openCaseResult, isUploadCase: !!p.isUploadCase, judgeCaseMode: p.judgeCaseMode ?? 'default',
    judgeMode: (v.judgeMode ?? p.judgeMode ?? 'default') as ProblemFormState['judgeMode'], spjCode: p.spjCode ?? '', spjLanguage: p.spjLanguage ?? 'C',
    userExtraFile: p.userExtraFile ?? {}, judgeExtraFile: p.judgeExtraFile ?? {}, isFileIO: !!p.isFileIO,
    ioReadFileName: p.ioReadFileName ?? '', ioWriteFileName: p.ioWriteFileName ?? '', isRemote: !!p.isRemote,
    examples: parseExamples(p.examples), tags: v.tags.map((t) => ({ id: t.id, name: t.name, color: t.color })), languages: v.languages,
    codeTemplates: v.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: !!t.status })),
    manualCases: p.isUploadCase ? [] : cases, uploadCases: p.isUploadCase ? cases : [], uploadDir: null,
  };
}

function toBody(f: ProblemFormState, changeModeCode: boolean, changeJudgeCaseMode: boolean): ProblemSaveBody {
  const cases = f.isUploadCase ? f.uploadCases : f.manualCases;
  return {
    problem: {
      id: f.id, problemId: f.problemId.trim(), title: f.title.trim(), description: f.description, input: f.input, output: f.output,
      examples: f.examples.filter((e) => e.input || e.output), hint: f.hint, source: f.source, timeLimit: f.timeLimit, memoryLimit: f.memoryLimit,
      stackLimit: f.stackLimit, difficulty: f.difficulty, auth: f.auth, type: f.type, ioScore: 100, codeShare: f.codeShare,
      isRemoveEndBlank: f.isRemoveEndBlank, openCaseResult: f.openCaseResult, isUploadCase: f.isUploadCase, judgeCaseMode: f.judgeCaseMode,
      spjCode: f.judgeMode === 'default' ? null : f.spjCode, spjLanguage: f.judgeMode === 'default' ? null : f.spjLanguage,
      userExtraFile: Object.keys(f.userExtraFile).length ? f.userExtraFile : null, judgeExtraFile: Object.keys(f.judgeExtraFile).length ? f.judgeExtraFile : null,
      isFileIO: f.isFileIO, ioReadFileName: f.isFileIO ? f.ioReadFileName.trim() : null, ioWriteFileName: f.isFileIO ? f.ioWriteFileName.trim() : null,
      isRemote: f.isRemote,
    },
    codeTemplates: f.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: t.status })),
    tags: f.tags.map((t) => (t.id ? { id: t.id } : { name: t.name.trim() })),
    languages: f.languages,
    isUploadTestCase: f.isUploadCase,
    uploadTestcaseDir: f.isUploadCase ? f.uploadDir : null,
    judgeMode: f.judgeMode,
    samples: cases.map((c) => ({ input: c.input, output: c.output, score: c.score ?? undefined, groupNum: c.groupNum ?? undefined })),
    changeModeCode,
    changeJudgeCaseMode,
  };
}

/**
 * Create / edit form of a problem with every field and rule of spec 03 §2.3, §4 and §5.
 * With `cid` it works on a problem of that contest (/admin/contest/{cid}/problem/...): it also asks for the
 * contest display ID and title, a new problem is contest-only (auth 3) with the contest's rule type, and the
 * type stays locked for contest-only problems (the server enforces both).
 */
/** `contest`: in the admin's contest mode (cid), the contest as its caller loads it (rule type and title). */
export default function ProblemForm({ cid: adminCid, scope, contest }: { cid?: number; scope?: ProblemFormScope; contest?: { loading: boolean; type?: number; title?: string } } = {}) {
  // A scoped form (a group's problem or a group contest's) works in contest mode when its scope names a contest.
  const cid = adminCid ?? scope?.cid;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { problemId } = useParams();
  const pid = scope ? (scope.pid ?? null) : problemId ? Number(problemId) : null;
  const [form, setForm] = useState<ProblemFormState>(() => (cid ? { ...emptyForm(), auth: ProblemAuth.CONTEST } : emptyForm()));
  const [place, setPlace] = useState<ContestProblemPlace>({ displayId: '', displayTitle: '' });
  const [loaded, setLoaded] = useState<ProblemFormState | null>(null);
  const [compiledKey, setCompiledKey] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const patch = (p: Partial<ProblemFormState>) => setForm((f) => ({ ...f, ...p }));
  const backTo = scope ? scope.backTo : cid ? `/admin/contest/${cid}/problems` : '/admin/problems';

  const view = useQuery({
    ...problemFormQuery(
      scope ? adminProblemKeys.scoped(scope.gid, cid, pid) : cid ? adminProblemKeys.inContest(cid, pid) : adminProblemKeys.one(pid),
      (): Promise<AdminProblemView & Partial<ContestProblemPlace>> => (scope ? scope.load(pid!) : cid ? adminContestProblemFormApi.get(cid, pid!) : adminProblemApi.get(pid!)),
    ),
    enabled: !!pid, retry: false,
  });
  const langs = useQuery(allLanguagesQuery());
  useEffect(() => {
    if (!view.data) return;
    const f = fromView(view.data, scope?.prefix);
    setForm(f);
    setLoaded(f);
    setCompiledKey(view.data.problem.spjCompileOk ? compileKey(f) : null);
    if (cid) setPlace({ displayId: view.data.displayId ?? '', displayTitle: view.data.displayTitle ?? '', color: view.data.color ?? null });
  }, [view.data, cid]);
  // A new problem offers every language the judges have.
  useEffect(() => {
    if (!pid && langs.data) setForm((f) => (f.languages.length ? f : { ...f, languages: langs.data.filter((l) => l.available !== false).map((l) => l.name) }));
  }, [pid, langs.data]);

  const changeType = (type: number) => {
    setForm((f) => {
      const modes = caseModesFor(type);
      return {
        ...f, type,
        judgeCaseMode: modes.includes(f.judgeCaseMode) ? f.judgeCaseMode : 'default',
        // Choosing OI splits 100 points over the cases (spec 03 §4).
        manualCases: type === 1 ? withSplitScores(f.manualCases) : f.manualCases,
        uploadCases: type === 1 ? withSplitScores(f.uploadCases) : f.uploadCases,
      };
    });
  };
  const changeCaseMode = (mode: CaseMode) => {
    setForm((f) => {
      const number = (rows: ProblemFormState['manualCases']) => rows.map((r, i) => ({ ...r, groupNum: r.groupNum ?? i + 1 }));
      return mode.startsWith('subtask') ? { ...f, judgeCaseMode: mode, manualCases: number(f.manualCases), uploadCases: number(f.uploadCases) } : { ...f, judgeCaseMode: mode };
    });
  };

  // A new contest problem takes the contest's rule type.
  const contestType = scope ? scope.contestType : contest?.type;
  useEffect(() => {
    if (cid && !pid && contestType !== undefined) changeType(contestType);
  }, [cid, pid, contestType]);
  const typeLocked = !!cid && (!pid || form.auth === ProblemAuth.CONTEST);

  const save = async () => {
    const compiledOk = form.judgeMode === 'default' || compiledKey === compileKey(form);
    const fail = validateForm(form, compiledOk, cid ? place : undefined);
    if (fail) {
      showError(msg(fail.key, fail.vars));
      return;
    }
    const changeModeCode = !loaded || compileKey(loaded) !== compileKey(form);
    const changeJudgeCaseMode = !loaded || loaded.judgeCaseMode !== form.judgeCaseMode;
    setSaving(true);
    try {
      const body = toBody(form, changeModeCode, changeJudgeCaseMode);
      if (scope) {
        const scoped = cid ? { ...body, cid, displayId: place.displayId.trim(), displayTitle: place.displayTitle.trim(), color: place.color ?? null } : body;
        await (pid ? scope.update(scoped) : scope.create(scoped));
        toast('success', t(pid ? 'adminProblem.updated' : 'adminProblem.createdOk'));
        if (pid) void view.refetch();
        scope.onSaved(!pid);
      } else if (cid) {
        const contestBody = { ...body, cid, displayId: place.displayId.trim(), displayTitle: place.displayTitle.trim(), color: place.color ?? null };
        if (pid) {
          await adminContestProblemFormApi.update(contestBody);
          toast('success', t('adminProblem.updated'));
          void view.refetch();
        } else {
          await adminContestProblemFormApi.create(contestBody);
          toast('success', t('adminProblem.createdOk'));
          navigate(backTo);
        }
      } else if (pid) {
        await adminProblemApi.update(body);
        toast('success', t('adminProblem.updated'));
        void view.refetch();
      } else {
        await adminProblemApi.create(body);
        toast('success', t('adminProblem.createdOk'));
        navigate('/admin/problems');
      }
    } finally {
      setSaving(false);
    }
  };

  if ((pid && view.isLoading) || (cid && !scope && contest?.loading)) return <div style={{ textAlign: 'center', padding: 60 }}><Spin /></div>;
  const langNames = (langs.data ?? []).map((l) => l.name);
  const defaults = Object.fromEntries((langs.data ?? []).map((l) => [l.name, l.template]));

  return (
    <ProblemFormScopeContext.Provider value={scope ?? null}>
    <Card
      className="admin-problem-form"
      title={scope ? `${scope.title}${pid ? ` ${scope.prefix}${form.problemId}` : ''}` : cid
        ? `${pid ? `${t('adminProblem.contestEdit')} ${form.problemId}` : t('adminProblem.contestCreate')} · ${contest?.title ?? `#${cid}`}`
        : pid ? `${t('adminProblem.edit')} ${form.problemId}` : t('adminProblem.create')}
      extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)} data-testid="problem-form-back">{t('adminProblem.back')}</Button>}
    >
      <Form layout="vertical">
        {cid && (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <FormField label={t('adminProblem.contestDisplayId')} required>
                <Input value={place.displayId} onChange={(e) => setPlace({ ...place, displayId: e.target.value })} maxLength={50} placeholder="A" data-testid="f-contest-displayId" />
              </FormField>
            </Col>
            <Col xs={24} md={16}>
              <FormField label={t('adminProblem.contestDisplayTitle')} required>
                <Input value={place.displayTitle} onChange={(e) => setPlace({ ...place, displayTitle: e.target.value })} maxLength={255} data-testid="f-contest-displayTitle" />
              </FormField>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}><FormField label={t('adminProblem.problemId')} required><Input value={form.problemId} addonBefore={scope?.prefix || undefined} onChange={(e) => patch({ problemId: e.target.value })} data-testid="f-problemId" /></FormField></Col>
          <Col xs={24} md={16}><FormField label={t('adminProblem.title')} required><Input value={form.title} onChange={(e) => patch({ title: e.target.value })} data-testid="f-title" /></FormField></Col>
        </Row>
        <Row gutter={16}>
          <Col xs={12} md={6}><FormField label={t('adminProblem.timeLimit')} required><InputNumber min={1} max={60000} value={form.timeLimit} onChange={(v) => patch({ timeLimit: Number(v) || 1000 })} style={{ width: '100%' }} /></FormField></Col>
          <Col xs={12} md={6}><FormField label={t('adminProblem.memoryLimit')} required><InputNumber min={1} max={4096} value={form.memoryLimit} onChange={(v) => patch({ memoryLimit: Number(v) || 256 })} style={{ width: '100%' }} /></FormField></Col>
          <Col xs={12} md={6}><FormField label={t('adminProblem.stackLimit')} required><InputNumber min={1} max={4096} value={form.stackLimit} onChange={(v) => patch({ stackLimit: Number(v) || 128 })} style={{ width: '100%' }} /></FormField></Col>
          <Col xs={12} md={6}><FormField label={t('adminProblem.difficulty')}><Select value={form.difficulty} onChange={(v) => patch({ difficulty: v })} options={DIFFICULTIES.map((d) => ({ value: d, label: difficultyLabel(t, d) }))} /></FormField></Col>
        </Row>
        <FormField label={t('adminProblem.description')}><MarkdownField value={form.description} onChange={(v) => patch({ description: v })} testId="f-description" /></FormField>
        <FormField label={t('adminProblem.input')} required><MarkdownField value={form.input} onChange={(v) => patch({ input: v })} rows={4} testId="f-input" /></FormField>
        <FormField label={t('adminProblem.output')} required><MarkdownField value={form.output} onChange={(v) => patch({ output: v })} rows={4} testId="f-output" /></FormField>
        <Row gutter={16}>
          <Col xs={24} md={6}><FormField label={t('adminProblem.auth')} tooltip={cid ? t('adminProblem.contestAuthLocked') : undefined}><Select value={form.auth} disabled={!!cid} onChange={(v) => patch({ auth: v })} data-testid="f-auth" options={AUTH_OPTIONS.map((o) => ({ value: o.value, label: t(`adminProblem.${o.key}`) }))} /></FormField></Col>
          <Col xs={24} md={6}>
            <FormField label={t('adminProblem.type')} tooltip={typeLocked ? t('adminProblem.contestTypeLocked') : undefined}>
              <Radio.Group value={form.type} disabled={typeLocked} onChange={(e) => changeType(e.target.value)} data-testid="f-type" options={[{ value: 0, label: 'ACM' }, { value: 1, label: 'OI' }]} />
            </FormField>
          </Col>
          <Col xs={8} md={4}><FormField label={t('adminProblem.codeShare')}><Switch checked={form.codeShare} onChange={(v) => patch({ codeShare: v })} /></FormField></Col>
          <Col xs={8} md={4}><FormField label={t('adminProblem.removeEndBlank')}><Switch checked={form.isRemoveEndBlank} onChange={(v) => patch({ isRemoveEndBlank: v })} /></FormField></Col>
          <Col xs={8} md={4}><FormField label={t('adminProblem.openCaseResult')}><Switch checked={form.openCaseResult} onChange={(v) => patch({ openCaseResult: v })} /></FormField></Col>
        </Row>
        <FormField label={t('adminProblem.tags')}><TagPicker value={form.tags} onChange={(tags) => patch({ tags })} /></FormField>
        <FormField label={t('adminProblem.languages')} required>
          <Checkbox
            indeterminate={form.languages.length > 0 && form.languages.length < langNames.length}
            checked={langNames.length > 0 && form.languages.length === langNames.length}
            onChange={(e) => patch({ languages: e.target.checked ? langNames : [] })}
            style={{ marginRight: 16 }}
          >{t('adminProblem.selectAll')}</Checkbox>
          <Checkbox.Group value={form.languages} onChange={(v) => patch({ languages: v as string[] })} options={langNames.map((l) => ({ value: l, label: l }))} />
        </FormField>

        <Divider orientation="left">{t('adminProblem.examples')}</Divider>
        <div className="examples-hint">{t('adminProblem.examplesHint')}</div>
        {form.examples.map((ex, i) => (
          <Row gutter={12} key={i} align="top" style={{ marginBottom: 8 }}>
            <Col xs={24} md={11}><Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} placeholder={t('adminProblem.exampleInput')} value={ex.input}
              onChange={(e) => patch({ examples: form.examples.map((x, j) => (j === i ? { ...x, input: e.target.value } : x)) })} data-testid={`ex-in-${i}`} /></Col>
            <Col xs={24} md={11}><Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} placeholder={t('adminProblem.exampleOutput')} value={ex.output}
              onChange={(e) => patch({ examples: form.examples.map((x, j) => (j === i ? { ...x, output: e.target.value } : x)) })} data-testid={`ex-out-${i}`} /></Col>
            <Col xs={24} md={2}><Button danger type="text" icon={<DeleteOutlined />} onClick={() => patch({ examples: form.examples.filter((_x, j) => j !== i) })} aria-label={t('adminProblem.remove')} /></Col>
          </Row>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => patch({ examples: [...form.examples, { input: '', output: '' }] })}>{t('adminProblem.addExample')}</Button>

        <Divider orientation="left">{t('adminProblem.hint')} / {t('adminProblem.source')}</Divider>
        <FormField label={t('adminProblem.hint')}><MarkdownField value={form.hint} onChange={(v) => patch({ hint: v })} rows={3} /></FormField>
        <FormField label={t('adminProblem.source')}><Input value={form.source} onChange={(e) => patch({ source: e.target.value })} /></FormField>

        <Divider orientation="left">{t('adminProblem.ioMode')}</Divider>
        <FormField label={t('adminProblem.userExtraFile')}><ExtraFilesField value={form.userExtraFile} onChange={(v) => patch({ userExtraFile: v })} /></FormField>
        <FormField label={t('adminProblem.ioMode')}>
          <Radio.Group value={form.isFileIO} onChange={(e) => patch({ isFileIO: e.target.value })} options={[{ value: false, label: t('adminProblem.stdio') }, { value: true, label: t('adminProblem.fileIO') }]} />
        </FormField>
        {form.isFileIO && (
          <Row gutter={16}>
            <Col xs={24} md={12}><FormField label={t('adminProblem.inputFileName')} required><Input value={form.ioReadFileName} onChange={(e) => patch({ ioReadFileName: e.target.value })} placeholder="input.txt" /></FormField></Col>
            <Col xs={24} md={12}><FormField label={t('adminProblem.outputFileName')} required><Input value={form.ioWriteFileName} onChange={(e) => patch({ ioWriteFileName: e.target.value })} placeholder="output.txt" /></FormField></Col>
          </Row>
        )}

        <Divider orientation="left">{t('adminProblem.judgeMode')}</Divider>
        <JudgeModeSection form={form} patch={patch} compiledKey={compiledKey} setCompiledKey={setCompiledKey} />

        <Divider orientation="left">{t('adminProblem.templates')}</Divider>
        <CodeTemplatesField value={form.codeTemplates} onChange={(codeTemplates) => patch({ codeTemplates })} languages={form.languages} defaults={defaults} />

        <Divider orientation="left">{t('adminProblem.testCases')}</Divider>
        <FormField label={t('adminProblem.caseMode')}>
          <Radio.Group value={form.judgeCaseMode} onChange={(e) => changeCaseMode(e.target.value)} data-testid="case-mode"
            options={caseModesFor(form.type).map((m) => ({ value: m, label: t(`adminProblem.${CASE_MODE_LABEL[m]}`) }))} />
        </FormField>
        <TestCasesField form={form} patch={patch} />
        {pid && !scope && !cid && <PackageSolutions pid={pid} />}

        <Divider />
        <Space>
          <Button type="primary" size="large" icon={<SaveOutlined />} loading={saving} onClick={save} data-testid="save-problem">{saving ? t('adminProblem.saving') : t('adminProblem.save')}</Button>
          <Button size="large" onClick={() => navigate(backTo)}>{t('adminProblem.back')}</Button>
        </Space>
      </Form>
    </Card>
    </ProblemFormScopeContext.Provider>
  );
}
