import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { toast } from '../../lib/feedback';
import { invalidateSiteConfig } from '../../stores/site';
import { invalidateRemoteJudge, remoteAccountsQuery, remoteJudgeApi, remoteSitesQuery, type RemoteAccountInfo, type RemoteSiteInfo } from './api';
import '../admin/admin.css';

interface AccountForm { oj: string; username: string; password: string; enabled: boolean }

/** /admin/remote-judge (super admin): one switch and base URL per home site, and the account pool. */
export default function RemoteJudgeAdmin() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const sites = useQuery(remoteSitesQuery());
  const accounts = useQuery({ ...remoteAccountsQuery(), refetchInterval: 5000 });
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<RemoteAccountInfo | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<AccountForm>();

  const refresh = () => {
    invalidateRemoteJudge(qc);
    void invalidateSiteConfig(qc);
  };

  const saveSite = async (s: RemoteSiteInfo, enabled: boolean) => {
    try {
      await remoteJudgeApi.setSite({ oj: s.oj, enabled, baseUrl: urls[s.oj] ?? s.baseUrl });
      toast('success', t('adminRemoteJudge.saved'));
      refresh();
    } catch {
      // shown by the request layer
    }
  };

  const openAccount = (a: RemoteAccountInfo | 'new') => {
    setEditing(a);
    form.setFieldsValue(a === 'new' ? { oj: 'CF', username: '', password: '', enabled: true } : { oj: a.oj, username: a.username, password: '', enabled: a.enabled });
  };

  const saveAccount = async (v: AccountForm) => {
    setSaving(true);
    try {
      if (editing === 'new') {
        await remoteJudgeApi.addAccount(v);
        toast('success', t('adminRemoteJudge.created'));
      } else if (editing) {
        await remoteJudgeApi.updateAccount({ id: editing.id, username: v.username, password: v.password || undefined, enabled: v.enabled });
        toast('success', t('adminRemoteJudge.updated'));
      }
      setEditing(null);
      refresh();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };

  const toggleAccount = async (a: RemoteAccountInfo, enabled: boolean) => {
    try {
      await remoteJudgeApi.updateAccount({ id: a.id, enabled });
      refresh();
    } catch {
      // shown by the request layer
    }
  };

  const removeAccount = async (a: RemoteAccountInfo) => {
    try {
      await remoteJudgeApi.removeAccount(a.id);
      toast('success', t('adminRemoteJudge.deleted'));
      refresh();
    } catch {
      // shown by the request layer
    }
  };

  // GYM submits with Codeforces accounts: accounts are kept per pool.
  const poolOptions = (sites.data ?? []).filter((s) => s.pool === s.oj).map((s) => ({ value: s.oj, label: s.name }));

  return (
    <div className="admin-page">
      <Card title={t('adminRemoteJudge.sites')} loading={sites.isLoading}>
        <Table<RemoteSiteInfo>
          rowKey="oj" size="small" pagination={false} dataSource={sites.data ?? []} scroll={{ x: 'max-content' }} data-testid="remote-sites"
          columns={[
            { title: t('adminRemoteJudge.site'), dataIndex: 'name', render: (name: string, s) => <span>{name} <Tag>{s.oj}</Tag></span> },
            {
              title: t('adminRemoteJudge.enabled'), dataIndex: 'enabled', width: 80,
              render: (on: boolean, s) => (
                <Tooltip title={s.supported ? '' : t('adminRemoteJudge.unsupported')}>
                  <Switch checked={on} disabled={!s.supported} onChange={(v) => void saveSite(s, v)} data-testid={`site-switch-${s.oj}`} />
                </Tooltip>
              ),
            },
            {
              title: t('adminRemoteJudge.baseUrl'), dataIndex: 'baseUrl',
              render: (url: string, s) => (
                <Space.Compact style={{ width: 380 }}>
                  <Input
                    placeholder={s.defaultBaseUrl || t('adminRemoteJudge.baseUrlHint')} value={urls[s.oj] ?? url} disabled={!s.supported}
                    onChange={(e) => setUrls({ ...urls, [s.oj]: e.target.value })} aria-label={`${t('adminRemoteJudge.baseUrl')} ${s.oj}`}
                  />
                  <Button icon={<SaveOutlined />} disabled={!s.supported} onClick={() => void saveSite(s, s.enabled)} aria-label={`${t('adminRemoteJudge.save')} ${s.oj}`} />
                </Space.Compact>
              ),
            },
            { title: t('adminRemoteJudge.languages'), dataIndex: 'languageCount', width: 90, render: (n: number, s) => (s.supported ? n : <Tag>{t('adminRemoteJudge.unsupported')}</Tag>) },
            { title: t('adminRemoteJudge.accounts'), key: 'accounts', width: 120, render: (_: unknown, s) => `${s.accounts} (${s.freeAccounts} ${t('adminRemoteJudge.free')})${s.pool !== s.oj ? ` · ${s.pool}` : ''}` },
          ]}
        />
      </Card>

      <Card
        title={t('adminRemoteJudge.accountList')} style={{ marginTop: 16 }} loading={accounts.isLoading}
        extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => openAccount('new')}>{t('adminRemoteJudge.addAccount')}</Button>}
      >
        <Table<RemoteAccountInfo>
          rowKey="id" size="small" pagination={false} dataSource={accounts.data ?? []} scroll={{ x: 'max-content' }} data-testid="remote-accounts"
          columns={[
            { title: t('adminRemoteJudge.pool'), dataIndex: 'oj', width: 80, render: (oj: string) => <Tag>{oj}</Tag> },
            { title: t('adminRemoteJudge.username'), dataIndex: 'username' },
            { title: t('adminRemoteJudge.enabled'), dataIndex: 'enabled', width: 80, render: (on: boolean, a) => <Switch size="small" checked={on} onChange={(v) => void toggleAccount(a, v)} /> },
            {
              title: t('adminRemoteJudge.status'), dataIndex: 'busy', width: 90,
              render: (busy: boolean, a) => (!a.enabled ? <Tag>{t('adminRemoteJudge.disabledTag')}</Tag> : busy ? <Tag color="processing">{t('adminRemoteJudge.busy')}</Tag> : <Tag color="success">{t('adminRemoteJudge.idle')}</Tag>),
            },
            { title: t('adminRemoteJudge.lastError'), dataIndex: 'lastError', render: (e: string | null) => (e ? <span style={{ color: 'var(--v-error)' }}>{e}</span> : '-') },
            { title: t('adminRemoteJudge.lastUsed'), dataIndex: 'lastUsedAt', width: 160, render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-') },
            {
              title: t('adminRemoteJudge.actions'), key: 'actions', width: 110,
              render: (_: unknown, a) => (
                <Space>
                  <Button size="small" icon={<EditOutlined />} onClick={() => openAccount(a)} aria-label={t('adminRemoteJudge.edit')} />
                  <Popconfirm title={t('adminRemoteJudge.deleteConfirm')} onConfirm={() => void removeAccount(a)}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('adminRemoteJudge.delete')} />
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>

      <Modal
        open={editing !== null} title={t(editing === 'new' ? 'adminRemoteJudge.addAccount' : 'adminRemoteJudge.editAccount')}
        onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={saving} destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void saveAccount(v)} data-testid="remote-account-form">
          <Form.Item name="oj" label={t('adminRemoteJudge.pool')} rules={[{ required: true }]}>
            <Select options={poolOptions} disabled={editing !== 'new'} aria-label={t('adminRemoteJudge.pool')} />
          </Form.Item>
          <Form.Item name="username" label={t('adminRemoteJudge.username')} rules={[{ required: true, whitespace: true, message: t('adminRemoteJudge.usernameRequired') }]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="password" label={t('adminRemoteJudge.password')} extra={editing !== 'new' ? t('adminRemoteJudge.passwordKeep') : undefined}
            rules={editing === 'new' ? [{ required: true, message: t('adminRemoteJudge.passwordRequired') }] : []}
          >
            <Input.Password autoComplete="new-password" maxLength={500} />
          </Form.Item>
          <Form.Item name="enabled" label={t('adminRemoteJudge.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
