import { useState } from 'react';
import { Button, Card, Input, Space, Switch, Table, Tooltip } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, NotificationOutlined, PlusOutlined, SafetyCertificateOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { ContestAuthTag, ContestRuleTag, ContestStatusTag } from '../contest';
import { adminContestApi, adminContestListQuery, type AdminContest } from './api';
import { DownloadAcDialog } from './DownloadAcDialog';
import { DownloadProblemsPdfButton } from '../print-set';
import { RatingAction } from './rating/RatingAction';

/** /admin/contest: the contests this admin manages (all for the super admin). */
export default function AdminContestList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState<{ keyword?: string; currentPage: number; limit: number }>({ currentPage: 1, limit: 10 });
  const [downloading, setDownloading] = useState<number | null>(null);
  const list = useQuery(adminContestListQuery(q));

  const setVisible = async (c: AdminContest, v: boolean) => {
    await adminContestApi.setVisible(c.id, v);
    toast('success', t('adminContest.updated'));
    void list.refetch();
  };
  const remove = (c: AdminContest) => feedback.modal?.confirm({
    title: `${t('adminContest.delete')} ${c.title}`, content: t('adminContest.deleteConfirm'), okType: 'danger',
    onOk: async () => {
      await adminContestApi.remove(c.id);
      toast('success', t('adminContest.deleted'));
      void list.refetch();
    },
  });

  return (
    <Card
      title={t('adminContest.list')}
      extra={
        <Space>
          <Input.Search allowClear placeholder={t('adminContest.keyword')} onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/contest/create')}>{t('adminContest.create')}</Button>
        </Space>
      }
    >
      <Table<AdminContest>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('adminContest.id'), dataIndex: 'id', width: 70 },
          { title: t('adminContest.title'), dataIndex: 'title' },
          { title: t('adminContest.type'), render: (_, c) => <ContestRuleTag type={c.type} /> },
          { title: t('adminContest.auth'), render: (_, c) => <ContestAuthTag auth={c.auth} /> },
          { title: t('adminContest.status'), render: (_, c) => <ContestStatusTag status={c.status} /> },
          { title: t('adminContest.startTime'), render: (_, c) => dayjs(c.startTime).format('YYYY-MM-DD HH:mm') },
          { title: t('adminContest.author'), dataIndex: 'author' },
          { title: t('adminContest.visible'), render: (_, c) => <Switch aria-label={`${t('adminContest.visible')}: ${c.title}`} checked={c.visible} onChange={(v) => void setVisible(c, v)} /> },
          {
            title: t('adminContest.option'), fixed: 'right',
            render: (_, c) => (
              <Space>
                <Tooltip title={t('adminContest.edit')}><Button aria-label={t('adminContest.edit')} size="small" icon={<EditOutlined />} onClick={() => navigate(`/admin/contest/${c.id}/edit`)} /></Tooltip>
                <Tooltip title={t('adminContest.problems')}><Button aria-label={t('adminContest.problems')} size="small" icon={<UnorderedListOutlined />} onClick={() => navigate(`/admin/contest/${c.id}/problems`)} /></Tooltip>
                <Tooltip title={t('adminContest.announcements')}><Button aria-label={t('adminContest.announcements')} size="small" icon={<NotificationOutlined />} onClick={() => navigate(`/admin/contest/${c.id}/announcement`)} /></Tooltip>
                <DownloadProblemsPdfButton cid={c.id} size="small" iconOnly />
                {c.rated && <RatingAction cid={c.id} />}
                <Tooltip title={t('adminContest.plagiarism')}><Button aria-label={t('adminContest.plagiarism')} size="small" icon={<SafetyCertificateOutlined />} onClick={() => navigate(`/admin/contest/${c.id}/plagiarism`)} data-testid={`plagiarism-${c.id}`} /></Tooltip>
                <Tooltip title={t('adminContest.downloadAc')}><Button aria-label={t('adminContest.downloadAc')} size="small" icon={<DownloadOutlined />} onClick={() => setDownloading(c.id)} /></Tooltip>
                <Tooltip title={t('adminContest.delete')}><Button aria-label={t('adminContest.delete')} size="small" danger icon={<DeleteOutlined />} onClick={() => remove(c)} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <DownloadAcDialog cid={downloading} onClose={() => setDownloading(null)} />
      <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
    </Card>
  );
}
