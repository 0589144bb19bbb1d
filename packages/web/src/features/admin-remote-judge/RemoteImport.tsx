import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { CloudDownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REMOTE_OJS } from '@verdict/shared';
import { Markdown } from '../../components/markdown/LazyMarkdown';
import { toast } from '../../lib/feedback';
import { useSiteConfig } from '../../stores/site';
import { remoteJudgeApi, type RemoteProblemPreview } from './api';
import '../admin/admin.css';

interface ImportForm { name: string; problemId: string }

/**
 * /admin/problem/remote-import: a remote problem by site + problem ID, previewed first, then
 * imported with HOJ's import call. Errors (site unreachable, no such problem, ...) come from the
 * server in the UI language and are shown by the request layer.
 */
export default function RemoteImport() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const [form] = Form.useForm<ImportForm>();
  const [preview, setPreview] = useState<RemoteProblemPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | 'refetch' | null>(null);
  const [imported, setImported] = useState<string | null>(null);
  // What the home site answered when a preview failed: kept on the page (the toast goes away).
  const [failure, setFailure] = useState<string | null>(null);
  const sites = REMOTE_OJS.filter((o) => site.remoteJudges.includes(o.key));
  const firstSite = sites[0]?.key;
  // The switched-on sites arrive with the site config: preselect the first one.
  useEffect(() => {
    if (firstSite && !form.getFieldValue('name')) form.setFieldsValue({ name: firstSite });
  }, [firstSite, form]);

  const doPreview = async (v: ImportForm) => {
    setBusy('preview');
    setPreview(null);
    setImported(null);
    setFailure(null);
    try {
      setPreview(await remoteJudgeApi.preview(v.name, v.problemId.trim()));
    } catch (e) {
      // Also shown as a toast by the request layer.
      if (e instanceof Error && e.message) setFailure(e.message);
    } finally {
      setBusy(null);
    }
  };

  const doImport = async () => {
    if (!preview) return;
    setBusy('import');
    try {
      await remoteJudgeApi.importProblem(preview.oj, preview.remoteId);
      toast('success', t('adminRemoteJudge.imported'));
      setImported(preview.problemId);
      setPreview({ ...preview, exists: true });
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  const doRefetch = async () => {
    if (!preview?.pid) return;
    setBusy('refetch');
    try {
      const r = await remoteJudgeApi.refetch(preview.pid);
      toast('success', t('adminRemoteJudge.refetched', { title: r.data.title }));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="admin-page">
      <Card title={t('adminRemoteJudge.importTitle')}>
        <Typography.Paragraph type="secondary">{t('adminRemoteJudge.importHint')}</Typography.Paragraph>
        {site.loaded && sites.length === 0 && <Alert type="warning" showIcon message={t('adminRemoteJudge.noSites')} style={{ marginBottom: 16 }} />}
        <Form form={form} layout="inline" onFinish={(v) => void doPreview(v)} data-testid="remote-import-form">
          <Form.Item name="name" rules={[{ required: true, message: t('adminRemoteJudge.ojRequired') }]}>
            <Select style={{ width: 160 }} placeholder={t('adminRemoteJudge.oj')} aria-label={t('adminRemoteJudge.oj')} options={sites.map((o) => ({ value: o.key, label: o.name }))} />
          </Form.Item>
          <Form.Item name="problemId" rules={[{ required: true, whitespace: true, message: t('adminRemoteJudge.problemIdRequired') }]}>
            <Input style={{ width: 200 }} placeholder={t('adminRemoteJudge.problemId')} aria-label={t('adminRemoteJudge.problemId')} maxLength={50} />
          </Form.Item>
          <Button htmlType="submit" icon={<EyeOutlined />} loading={busy === 'preview'}>{t('adminRemoteJudge.preview')}</Button>
        </Form>
      </Card>

      {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 16 }} data-testid="remote-preview-error" />}
      {preview && (
        <Card
          style={{ marginTop: 16 }} data-testid="remote-preview"
          title={<span>{preview.problemId} · {preview.title}</span>}
          extra={
            <Space>
              {preview.pid && !imported && <Button loading={busy === 'refetch'} onClick={() => void doRefetch()}>{t('adminRemoteJudge.refetch')}</Button>}
              {imported && <Link to={`/problem/${encodeURIComponent(imported)}`}>{t('adminRemoteJudge.openProblem')}</Link>}
              <Button type="primary" icon={<CloudDownloadOutlined />} disabled={preview.exists} loading={busy === 'import'} onClick={() => void doImport()}>
                {t('adminRemoteJudge.import')}
              </Button>
            </Space>
          }
        >
          {preview.exists && !imported && <Alert type="info" showIcon message={t('adminRemoteJudge.exists')} style={{ marginBottom: 12 }} />}
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('adminRemoteJudge.displayId')}>{preview.problemId}</Descriptions.Item>
            <Descriptions.Item label={t('adminRemoteJudge.source')}><a href={preview.source} target="_blank" rel="noreferrer">{preview.source}</a></Descriptions.Item>
            <Descriptions.Item label={t('adminRemoteJudge.timeLimit')}>{preview.timeLimit} ms</Descriptions.Item>
            <Descriptions.Item label={t('adminRemoteJudge.memoryLimit')}>{preview.memoryLimit} MB</Descriptions.Item>
            <Descriptions.Item label={t('adminRemoteJudge.tags')} span={2}>{preview.tags.length ? preview.tags.map((x) => <Tag key={x}>{x}</Tag>) : '-'}</Descriptions.Item>
          </Descriptions>
          <Markdown source={preview.description} />
          {preview.input && (<><Typography.Title level={5}>{t('adminRemoteJudge.input')}</Typography.Title><Markdown source={preview.input} /></>)}
          {preview.output && (<><Typography.Title level={5}>{t('adminRemoteJudge.output')}</Typography.Title><Markdown source={preview.output} /></>)}
          {preview.examples.length > 0 && <Typography.Title level={5}>{t('adminRemoteJudge.examples')}</Typography.Title>}
          {preview.examples.map((e, i) => (
            <Space key={i} align="start" style={{ width: '100%', marginBottom: 8 }}>
              <pre className="remote-sample">{e.input}</pre>
              <pre className="remote-sample">{e.output}</pre>
            </Space>
          ))}
        </Card>
      )}
    </div>
  );
}
