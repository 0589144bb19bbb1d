import { Alert, Button, Card, Popconfirm, Space, Table, Typography, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { toast } from '../../lib/feedback';
import { useAuth } from '../../stores/user';
import { invalidateJudgeLibrary, judgeLibraryApi, judgeLibraryQuery, type JudgeLibraryFile } from './api';
import '../admin/admin.css';

const kib = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KiB`);

/** /admin/judge-library: the site-wide headers (testlib.h first); admin-area roles read, admins change. */
export default function JudgeLibrary() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { isAdmin } = useAuth();
  const list = useQuery(judgeLibraryQuery());
  const refresh = () => void invalidateJudgeLibrary(qc);

  const upload = async (file: File) => {
    try {
      const saved = await judgeLibraryApi.upload(file);
      toast('success', t('adminJudgeLibrary.uploaded', { name: saved.name }));
      refresh();
    } catch {
      // shown by the request layer
    }
    return false;
  };
  const remove = async (name: string) => {
    try {
      await judgeLibraryApi.remove(name);
      toast('success', t('adminJudgeLibrary.deleted', { name }));
      refresh();
    } catch {
      // shown by the request layer
    }
  };

  const files = list.data?.files ?? [];
  return (
    <Card title={t('adminJudgeLibrary.title')} extra={isAdmin && (
      <Upload accept=".h,.hpp,.hh,.hxx" showUploadList={false} beforeUpload={upload}>
        <Button type="primary" icon={<UploadOutlined />} data-testid="judge-library-upload">{t('adminJudgeLibrary.upload')}</Button>
      </Upload>
    )}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>{t('adminJudgeLibrary.intro')}</Typography.Paragraph>
        {isAdmin ? <Typography.Text type="secondary">{t('adminJudgeLibrary.uploadHint')}</Typography.Text> : <Alert type="info" showIcon message={t('adminJudgeLibrary.readOnly')} />}
        {list.isSuccess && !files.length && <Alert type="warning" showIcon message={t('adminJudgeLibrary.empty')} />}
        <Table<JudgeLibraryFile> scroll={{ x: 'max-content' }} size="small" rowKey="name" pagination={false} loading={list.isLoading} dataSource={files}
          columns={[
            { title: t('adminJudgeLibrary.name'), dataIndex: 'name', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            { title: t('adminJudgeLibrary.size'), dataIndex: 'size', render: kib },
            { title: t('adminJudgeLibrary.sha'), dataIndex: 'sha256', render: (v: string) => <Typography.Text type="secondary" copyable={{ text: v }}>{v.slice(0, 12)}</Typography.Text> },
            { title: t('adminJudgeLibrary.uploader'), dataIndex: 'username', render: (v: string | null) => v ?? '-' },
            { title: t('adminJudgeLibrary.modified'), dataIndex: 'gmtModified', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
            ...(isAdmin ? [{
              title: t('adminJudgeLibrary.actions'), key: 'actions',
              render: (_: unknown, r: JudgeLibraryFile) => (
                <Popconfirm title={t('adminJudgeLibrary.deleteConfirm', { name: r.name })} onConfirm={() => remove(r.name)}>
                  <Button size="small" danger icon={<DeleteOutlined />}>{t('adminJudgeLibrary.delete')}</Button>
                </Popconfirm>
              ),
            }] : []),
          ]} />
        {!!list.data?.version && <Typography.Text type="secondary">{t('adminJudgeLibrary.version')}: <Typography.Text code>{list.data.version}</Typography.Text></Typography.Text>}
      </Space>
    </Card>
  );
}
