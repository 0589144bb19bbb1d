import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Space, Switch, Table, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { CONTEST_PAGE_SIZES } from '@verdict/shared';
import { Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { MarkdownField } from '../admin';
import { adminContestAnnouncementApi, adminContestAnnouncementsQuery, type AdminContestAnnouncement } from './api';

type Editing = AdminContestAnnouncement | 'new' | null;

/** /admin/contest/{id}/announcement: create, edit, visibility switch, delete with confirmation. */
export default function AdminContestAnnouncements() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cid = Number(useParams().contestId);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const list = useQuery(adminContestAnnouncementsQuery(cid, page, CONTEST_PAGE_SIZES.announcement));

  const setVisible = async (a: AdminContestAnnouncement, v: boolean) => {
    await adminContestAnnouncementApi.update({ id: a.id, cid, title: a.title, content: a.content, status: v ? 0 : 1 });
    toast('success', t('adminContest.updated'));
    void list.refetch();
  };
  const remove = (a: AdminContestAnnouncement) => feedback.modal?.confirm({
    title: `${t('adminContest.delete')} ${a.title}`, content: t('adminContest.announcementDeleteConfirm'), okType: 'danger',
    onOk: async () => {
      await adminContestAnnouncementApi.remove(cid, a.id);
      toast('success', t('adminContest.deleted'));
      void list.refetch();
    },
  });

  return (
    <Card
      title={`${t('adminContest.announcements')} #${cid}`}
      extra={
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('adminContest.createAnnouncement')}</Button>
          <Button onClick={() => navigate('/admin/contest')}>{t('adminContest.back')}</Button>
        </Space>
      }
    >
      <Table<AdminContestAnnouncement> scroll={{ x: 'max-content' }}
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false}
        columns={[
          { title: t('adminContest.id'), dataIndex: 'id', width: 70 },
          { title: t('adminContest.title'), dataIndex: 'title' },
          { title: t('adminContest.author'), dataIndex: 'username' },
          { title: t('adminContest.createTime'), render: (_, a) => dayjs(a.gmtCreate).format('YYYY-MM-DD HH:mm') },
          { title: t('adminContest.visible'), render: (_, a) => <Switch checked={a.status === 0} onChange={(v) => void setVisible(a, v)} /> },
          {
            title: t('adminContest.option'), render: (_, a) => (
              <Space>
                <Tooltip title={t('adminContest.edit')}><Button aria-label={t('adminContest.edit')} size="small" icon={<EditOutlined />} onClick={() => setEditing(a)} /></Tooltip>
                <Tooltip title={t('adminContest.delete')}><Button aria-label={t('adminContest.delete')} size="small" danger icon={<DeleteOutlined />} onClick={() => remove(a)} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={CONTEST_PAGE_SIZES.announcement} showSizeChanger={false} onChange={(p) => setPage(p)} />
      <AnnouncementEditor cid={cid} editing={editing} onClose={() => setEditing(null)} onSaved={() => void list.refetch()} />
    </Card>
  );
}

function AnnouncementEditor({ cid, editing, onClose, onSaved }: { cid: number; editing: Editing; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string; content: string; visible: boolean }>();
  const [busy, setBusy] = useState(false);
  const init = editing === 'new' || !editing ? { title: '', content: '', visible: true } : { title: editing.title, content: editing.content, visible: editing.status === 0 };
  const save = async () => {
    const v = await form.validateFields();
    const body = { cid, title: v.title.trim(), content: v.content, status: v.visible ? 0 : 1 };
    setBusy(true);
    try {
      if (editing === 'new') await adminContestAnnouncementApi.create(body);
      else if (editing) await adminContestAnnouncementApi.update({ ...body, id: editing.id });
      toast('success', t(editing === 'new' ? 'adminContest.created' : 'adminContest.updated'));
      onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={editing !== null} onCancel={onClose} onOk={() => void save()} confirmLoading={busy} width="90%" destroyOnHidden
      title={editing === 'new' ? t('adminContest.createAnnouncement') : t('adminContest.editAnnouncement')}>
      <Form form={form} layout="vertical" initialValues={init} key={editing === 'new' ? 'new' : editing?.id}>
        <Form.Item name="title" label={t('adminContest.title')} rules={[{ required: true, whitespace: true, message: t('adminContest.titleRequired') }]}><Input /></Form.Item>
        <Form.Item name="content" label={t('adminContest.content')} rules={[{ required: true, whitespace: true, message: t('adminContest.contentRequired') }]}><MarkdownField /></Form.Item>
        <Form.Item name="visible" label={t('adminContest.visible')} valuePropName="checked"><Switch /></Form.Item>
      </Form>
    </Modal>
  );
}
