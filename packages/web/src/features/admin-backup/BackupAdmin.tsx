import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Switch, Table } from 'antd';
import { CloudDownloadOutlined, DatabaseOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { BACKUP_KEEP_MAX, type BackupEntry, type BackupSettings } from '@verdict/shared';
import { toast } from '../../lib/feedback';
import { backupApi, backupOverviewQuery } from './api';
import '../admin/admin.css';

/** Bytes as the list shows them (1024-based, one decimal). */
function formatSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
  return i === 0 ? `${v} B` : `${v.toFixed(1)} ${units[i]}`;
}

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
const DAY_MS = 24 * 3600_000;

/** /admin/backup (super admin): start a backup, the daily schedule and how many are kept, the kept archives. */
export default function BackupAdmin() {
  const { t } = useTranslation();
  const [form] = Form.useForm<BackupSettings>();
  const [busy, setBusy] = useState<'start' | 'save' | null>(null);
  const q = useQuery({
    ...backupOverviewQuery(),
    // While an archive is written the list is polled until it appears.
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data.settings);
  }, [q.data, form]);

  const act = async (what: 'start' | 'save', fn: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await fn();
      void q.refetch();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };
  const start = () => act('start', async () => toast('success', t('adminBackup.started', { name: (await backupApi.start()).name })));
  const save = (v: BackupSettings) => act('save', async () => { await backupApi.saveSettings(v); toast('success', t('adminBackup.saved')); });

  const data = q.data;
  return (
    <div className="admin-page">
      <Card
        title={t('adminBackup.title')}
        loading={q.isLoading}
        extra={(
          <Button type="primary" icon={<DatabaseOutlined />} loading={busy === 'start' || !!data?.running} onClick={start} data-testid="backup-start">
            {t('adminBackup.start')}
          </Button>
        )}
      >
        <p className="admin-switch-desc">{t('adminBackup.hint')}</p>
        {data?.running && <Alert type="info" showIcon message={t('adminBackup.running')} data-testid="backup-running" />}
        {data?.lastError && <Alert type="error" showIcon message={t('adminBackup.lastError', { msg: data.lastError })} style={{ marginTop: 8 }} />}
        {data?.settings.daily && data.lastRunAt && (
          <p className="admin-switch-desc" style={{ marginTop: 8 }}>{t('adminBackup.nextRun', { time: time(data.lastRunAt + DAY_MS) })}</p>
        )}
      </Card>
      <Form form={form} onFinish={save} data-testid="backup-settings">
        <Card title={t('adminBackup.schedule')} loading={q.isLoading} style={{ marginTop: 16 }}>
          <div className="admin-switch-row">
            <div>
              <div>{t('adminBackup.daily')}</div>
              <div className="admin-switch-desc">{t('adminBackup.dailyDesc')}</div>
            </div>
            <Form.Item name="daily" valuePropName="checked" noStyle>
              <Switch data-testid="backup-daily" />
            </Form.Item>
          </div>
          <div className="admin-switch-row">
            <div>
              <div>{t('adminBackup.keep')}</div>
              <div className="admin-switch-desc">{t('adminBackup.keepDesc')}</div>
            </div>
            <Form.Item name="keep" style={{ margin: 0 }} rules={[{ required: true, type: 'integer', min: 1, max: BACKUP_KEEP_MAX, message: t('adminBackup.keepRange') }]}>
              <InputNumber min={1} max={BACKUP_KEEP_MAX} precision={0} style={{ width: 140 }} data-testid="backup-keep" />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy === 'save'} style={{ marginTop: 16 }}>
            {t('adminBackup.save')}
          </Button>
        </Card>
      </Form>
      <Card title={t('adminBackup.list')} style={{ marginTop: 16 }}>
        <Table<BackupEntry>
          rowKey="name"
          size="middle"
          loading={q.isLoading}
          dataSource={data?.backups ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('adminBackup.empty') }}
          data-testid="backup-list"
          columns={[
            { title: t('adminBackup.name'), dataIndex: 'name' },
            { title: t('adminBackup.size'), dataIndex: 'size', render: (v: number) => formatSize(v) },
            { title: t('adminBackup.time'), dataIndex: 'createdAt', render: (v: number) => time(v) },
            {
              title: '', key: 'download',
              render: (_: unknown, row) => (
                <Button size="small" icon={<CloudDownloadOutlined />} onClick={() => void backupApi.download(row.name)}>{t('adminBackup.download')}</Button>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
