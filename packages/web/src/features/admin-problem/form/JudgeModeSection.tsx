import { useState } from 'react';
import { Button, Radio, Select, Space, Tag } from 'antd';
import { FormField } from '../../../components/FormField';
import { CheckCircleOutlined, CodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback, toast } from '../../../lib/feedback';
import { ApiError } from '../../../lib/request';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { adminProblemApi } from '../api';
import { ExtraFilesField } from './ExtraFilesField';
import { compileKey, type JudgeMode, type ProblemFormState } from './state';
import { useProblemFormScope } from './scope';

const SPJ_LANGUAGES = ['C', 'C++'];
const EXPLAIN: Record<JudgeMode, string> = { default: 'modeDefaultExplain', spj: 'modeSpjExplain', interactive: 'modeInteractiveExplain' };

/**
 * Judge mode (spec 03 §4): changing it shows an explanation; special-judge and interactive code
 * must compile successfully (Compile button) whenever code or language changed since load.
 */
export function JudgeModeSection({ form, patch, compiledKey, setCompiledKey }: {
  form: ProblemFormState;
  patch: (p: Partial<ProblemFormState>) => void;
  compiledKey: string | null;
  setCompiledKey: (k: string | null) => void;
}) {
  const { t } = useTranslation();
  const scope = useProblemFormScope();
  const [compiling, setCompiling] = useState(false);
  const changeMode = (mode: JudgeMode) => {
    patch({ judgeMode: mode });
    feedback.modal?.info({ title: t('adminProblem.confirmModeChange'), content: t(`adminProblem.${EXPLAIN[mode]}`) });
  };
  const compile = async () => {
    if (form.judgeMode === 'default') return;
    setCompiling(true);
    try {
      const body = { pid: form.id ?? null, code: form.spjCode, language: form.spjLanguage, extraFiles: form.judgeExtraFile };
      await (scope ? scope.compile(form.judgeMode, body) : adminProblemApi.compile(form.judgeMode, body));
      setCompiledKey(compileKey(form));
      toast('success', t('adminProblem.compiled'));
    } catch (e) {
      setCompiledKey(null);
      // Compile failure: a "Compile Error" dialog with the compiler output and no cancel button.
      const out = e instanceof ApiError ? ((e.data as { msg?: string } | null)?.msg ?? e.message) : String(e);
      feedback.modal?.error({ title: t('adminProblem.compileError'), width: 720, content: <pre className="stderr-block" style={{ maxHeight: 400 }}>{out}</pre> });
    } finally {
      setCompiling(false);
    }
  };
  const compiled = form.judgeMode !== 'default' && compiledKey === compileKey(form);
  return (
    <>
      <FormField label={t('adminProblem.judgeMode')}>
        <Radio.Group value={form.judgeMode} onChange={(e) => changeMode(e.target.value)} data-testid="judge-mode"
          options={[{ value: 'default', label: t('adminProblem.modeDefault') }, { value: 'spj', label: t('adminProblem.modeSpj') }, { value: 'interactive', label: t('adminProblem.modeInteractive') }]} />
      </FormField>
      {form.judgeMode !== 'default' && (
        <FormField label={form.judgeMode === 'spj' ? t('adminProblem.modeSpj') : t('adminProblem.modeInteractive')} required>
          <Space style={{ marginBottom: 8 }} wrap>
            <span>{t('adminProblem.spjLanguage')}:</span>
            <Select aria-label={t('adminProblem.spjLanguage')} value={form.spjLanguage} style={{ width: 120 }} onChange={(v) => patch({ spjLanguage: v })} options={SPJ_LANGUAGES.map((l) => ({ value: l, label: l }))} />
            <Button icon={<CodeOutlined />} loading={compiling} onClick={compile} data-testid="compile-spj">{t('adminProblem.compile')}</Button>
            {compiled ? <Tag color="green" icon={<CheckCircleOutlined />}>{t('adminProblem.compiled')}</Tag> : form.spjCode.trim() ? <Tag color="orange">{t('adminProblem.notCompiled')}</Tag> : null}
          </Space>
          <CodeEditor value={form.spjCode} onChange={(v) => patch({ spjCode: v })} language={form.spjLanguage} height="320px" />
        </FormField>
      )}
      <FormField label={t('adminProblem.judgeExtraFile')}>
        <ExtraFilesField value={form.judgeExtraFile} onChange={(v) => patch({ judgeExtraFile: v })} />
      </FormField>
    </>
  );
}
