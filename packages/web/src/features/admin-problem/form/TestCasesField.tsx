import { useState } from 'react';
import { Alert, Button, Input, InputNumber, Progress, Radio, Space, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { api, ApiError } from '../../../lib/request';
import type { StagedUpload } from '../api';
import { withSplitScores, type CaseRow, type ProblemFormState } from './state';
import { useProblemFormScope } from './scope';

type Patch = (p: Partial<ProblemFormState>) => void;

/** Judge samples: a zip upload (pairs matched by name, progress shown) or cases typed by hand. */
export function TestCasesField({ form, patch }: { form: ProblemFormState; patch: Patch }) {
  const { t } = useTranslation();
  const scope = useProblemFormScope();
  const [progress, setProgress] = useState<number | null>(null);
  const isOi = form.type === 1;
  const subtask = form.judgeCaseMode.startsWith('subtask');

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const r = await api.upload<StagedUpload>(`/file/upload-testcase-zip?mode=${encodeURIComponent(form.judgeCaseMode)}${scope ? `&gid=${scope.gid}` : ''}`, file, 'file', {}, {
        onUploadProgress: (e) => setProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 50),
        timeout: 300_000,
      });
      const rows: CaseRow[] = r.fileList.map((c, i) => ({ input: c.input, output: c.output || '-', score: c.score, groupNum: c.groupNum ?? (subtask ? i + 1 : null) }));
      patch({ uploadCases: isOi ? withSplitScores(rows) : rows, uploadDir: r.fileListDir });
      toast('success', t('adminProblem.uploaded'));
    } catch (e) {
      // A refused zip keeps its message (shown by the request layer); the cases count as not uploaded.
      patch({ uploadDir: null, uploadCases: [] });
      if (e instanceof ApiError && e.status === 0) toast('error', t('adminProblem.uploadFailed'));
    } finally {
      setProgress(null);
    }
    return false;
  };

  const rows = form.isUploadCase ? form.uploadCases : form.manualCases;
  const setRows = (next: CaseRow[]) => patch(form.isUploadCase ? { uploadCases: next } : { manualCases: next });
  const setRow = (i: number, p: Partial<CaseRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...p } : r)));
  const total = rows.reduce((a, r) => a + (Number(r.score) || 0), 0);

  const columns = [
    { title: '#', key: 'i', width: 50, render: (_: unknown, __: CaseRow, i: number) => i + 1 },
    form.isUploadCase
      ? { title: t('adminProblem.caseInput'), dataIndex: 'input', render: (v: string) => <code>{v || '-'}</code> }
      : { title: t('adminProblem.caseInput'), key: 'in', render: (_: unknown, r: CaseRow, i: number) => <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} value={r.input} onChange={(e) => setRow(i, { input: e.target.value })} data-testid={`case-in-${i}`} /> },
    form.isUploadCase
      ? { title: t('adminProblem.caseOutput'), dataIndex: 'output', render: (v: string) => <code>{v || '-'}</code> }
      : { title: t('adminProblem.caseOutput'), key: 'out', render: (_: unknown, r: CaseRow, i: number) => <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} value={r.output} onChange={(e) => setRow(i, { output: e.target.value })} data-testid={`case-out-${i}`} /> },
    ...(isOi ? [{
      title: t('adminProblem.score'), key: 'score', width: 110,
      render: (_: unknown, r: CaseRow, i: number) => <InputNumber size="small" min={0} precision={0} value={r.score} onChange={(v) => setRow(i, { score: v == null ? null : Number(v) })} data-testid={`case-score-${i}`} />,
    }] : []),
    ...(subtask ? [{
      title: t('adminProblem.groupNum'), key: 'group', width: 120,
      render: (_: unknown, r: CaseRow, i: number) => <InputNumber size="small" min={1} precision={0} value={r.groupNum} onChange={(v) => setRow(i, { groupNum: v == null ? null : Number(v) })} />,
    }] : []),
    ...(!form.isUploadCase ? [{
      title: '', key: 'del', width: 50,
      render: (_: unknown, __: CaseRow, i: number) => <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => setRows(rows.filter((_r, j) => j !== i))} />,
    }] : []),
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group value={form.isUploadCase} onChange={(e) => patch({ isUploadCase: e.target.value })} optionType="button"
        options={[{ value: true, label: t('adminProblem.uploadCases') }, { value: false, label: t('adminProblem.manualCases') }]} />
      {form.isUploadCase && (
        <Space wrap>
          <Upload accept=".zip" showUploadList={false} beforeUpload={upload}>
            <Button icon={<UploadOutlined />} loading={progress !== null} data-testid="upload-zip">{t('adminProblem.uploadZip')}</Button>
          </Upload>
          <Typography.Text type="secondary">{t('adminProblem.zipHint')}</Typography.Text>
        </Space>
      )}
      {progress !== null && <Progress percent={progress} size="small" status="active" />}
      {isOi && <Alert type="info" showIcon message={t('adminProblem.oiSplitNote')} action={<Button size="small" onClick={() => setRows(withSplitScores(rows))}>{t('adminProblem.resplit')}</Button>} />}
      <Table<CaseRow> scroll={{ x: 'max-content' }}
        rowKey={(_r, i) => String(i)}
        size="small"
        pagination={false}
        dataSource={rows}
        columns={columns as never}
        locale={{ emptyText: t('adminProblem.noCases') }}
        footer={isOi ? () => <span data-testid="case-total">{t('adminProblem.totalScore')}: {total}</span> : undefined}
        data-testid="case-table"
      />
      {!form.isUploadCase && (
        <Button icon={<PlusOutlined />} onClick={() => {
          const next = [...rows, { input: '', output: '', score: null, groupNum: subtask ? rows.length + 1 : null }];
          setRows(isOi ? withSplitScores(next) : next);
        }} data-testid="add-case">{t('adminProblem.addCase')}</Button>
      )}
    </Space>
  );
}
