import { useState, type AriaAttributes } from 'react';
import { Alert, Button, Card, Input, Progress, Select, Space, Table, Typography, Upload, type CheckboxProps } from 'antd';
import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components';
import { toast } from '../../lib/feedback';
import { api } from '../../lib/request';
import { adminProblemApi, adminProblemListQuery, type AdminProblemRow, type ImportReport } from './api';

const FORMATS = [
  { value: 'verdict', label: 'Verdict zip' },
  { value: 'hoj', label: 'HOJ zip' },
  { value: 'qduoj', label: 'QDUOJ zip' },
  { value: 'fps', label: 'FPS XML' },
  { value: 'hydro', label: 'Hydro zip' },
  { value: 'polygon', label: 'Polygon package' },
  { value: 'icpc', label: 'ICPC / Kattis package' },
];

/** Batch operations: export ticked problems as our zip; import our zip or other judges' formats with a report. */
export default function BatchOperation() {
  const { t } = useTranslation();
  const [q, setQ] = useState<{ keyword?: string; currentPage: number; limit: number }>({ currentPage: 1, limit: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery(adminProblemListQuery(q));
  const [format, setFormat] = useState('verdict');
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);

  const exportSelected = async () => {
    if (!selected.length) return toast('warning', t('adminProblem.selectedEmpty'));
    await adminProblemApi.exportProblems(selected);
  };
  const exportPolygon = async () => {
    if (!selected.length) return toast('warning', t('adminProblem.selectedEmpty'));
    await adminProblemApi.exportPolygon(selected);
  };
  const importFile = async (file: File) => {
    setProgress(0);
    setReport(null);
    try {
      const r = await api.upload<ImportReport>(`/admin/problem/import-problem?format=${format}`, file, 'file', {}, {
        onUploadProgress: (e) => setProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 50), timeout: 300_000,
      });
      setReport(r);
      void list.refetch();
    } finally {
      setProgress(null);
    }
    return false;
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('adminProblem.importTitle')}>
        <Typography.Paragraph type="secondary">{t('adminProblem.importHint')}</Typography.Paragraph>
        <Space wrap>
          <label htmlFor="batch-import-format">{t('adminProblem.importFormat')}:</label>
          <Select id="batch-import-format" value={format} onChange={setFormat} options={FORMATS} style={{ width: 200 }} />
          <Upload accept={format === 'fps' ? '.xml' : '.zip'} showUploadList={false} beforeUpload={importFile}>
            <Button type="primary" icon={<ImportOutlined />} loading={progress !== null}>{t('adminProblem.importButton')}</Button>
          </Upload>
        </Space>
        {progress !== null && <Progress percent={progress} size="small" status="active" />}
        {report && (
          <div className="import-report" style={{ marginTop: 12 }}>
            <Alert type={report.imported.length ? 'success' : 'warning'} showIcon
              message={`${t('adminProblem.importedN', { n: report.imported.length })} · ${t('adminProblem.skippedN', { n: report.skipped.length })}`} />
            {report.imported.length > 0 && (
              <Table scroll={{ x: 'max-content' }} size="small" rowKey="problemId" pagination={false} dataSource={report.imported}
                columns={[{ title: t('adminProblem.problemId'), dataIndex: 'problemId' }, { title: t('adminProblem.title'), dataIndex: 'title' }]} />
            )}
            {!!report.notes?.length && (
              <Table scroll={{ x: 'max-content' }} size="small" rowKey={(r, i) => `note-${r.name}-${i}`} pagination={false} dataSource={report.notes} data-testid="import-notes"
                columns={[{ title: t('adminProblem.name'), dataIndex: 'name' }, { title: t('adminProblem.importNote'), dataIndex: 'message' }]} />
            )}
            {report.skipped.length > 0 && (
              <Table scroll={{ x: 'max-content' }} size="small" rowKey={(r, i) => `${r.name}-${i}`} pagination={false} dataSource={report.skipped}
                columns={[{ title: t('adminProblem.name'), dataIndex: 'name' }, { title: t('adminProblem.reason'), dataIndex: 'reason' }]} />
            )}
          </div>
        )}
      </Card>
      <Card title={t('adminProblem.exportTitle')} extra={(
        <Space wrap>
          <Button icon={<ExportOutlined />} onClick={exportSelected} disabled={!selected.length}>{t('adminProblem.exportSelected')} ({selected.length})</Button>
          <Button icon={<ExportOutlined />} onClick={exportPolygon} disabled={!selected.length} data-testid="export-polygon">{t('adminProblem.exportPolygon')}</Button>
        </Space>
      )}>
        <Typography.Paragraph type="secondary">{t('adminProblem.exportHint')}</Typography.Paragraph>
        <Input.Search allowClear placeholder={t('adminProblem.search')} style={{ width: 280, marginBottom: 12 }} onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} />
        <Table<AdminProblemRow> scroll={{ x: 'max-content' }}
          rowKey="id" size="small" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false}
          rowSelection={{
            selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(Number)),
            // Named for screen readers in both languages (antd's header one says "Select all" in English only).
            getCheckboxProps: (r): CheckboxProps & AriaAttributes => ({ 'aria-label': t('adminProblem.selectProblem', { id: r.problemId }) }),
            getTitleCheckboxProps: () => ({ 'aria-label': t('adminProblem.selectAllProblems') }),
          }}
          columns={[
            { title: t('adminProblem.id'), dataIndex: 'id', width: 70 },
            { title: t('adminProblem.problemId'), dataIndex: 'problemId', width: 140 },
            { title: t('adminProblem.title'), dataIndex: 'title' },
            { title: t('adminProblem.author'), dataIndex: 'author', width: 120 },
          ]}
        />
        <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(currentPage, limit) => setQ({ ...q, currentPage, limit })} />
      </Card>
    </Space>
  );
}
