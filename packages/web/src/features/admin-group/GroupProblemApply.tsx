import { useState } from 'react';
import { Card, Input, InputNumber, Select, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, Pagination } from '../../components';
import { feedback, toast } from '../../lib/feedback';
import { adminGroupApi, groupApplyQuery, type GroupApplyQuery, type GroupApplyRow } from './api';

/** /admin/group-problem/apply: group problems applying to become public; approve (public, new site display ID) or refuse. */
export default function GroupProblemApply() {
  const { t } = useTranslation();
  const [q, setQ] = useState<GroupApplyQuery>({ currentPage: 1, limit: 10 });
  const list = useQuery({ ...groupApplyQuery(q), placeholderData: keepPreviousData });
  const change = (r: GroupApplyRow, progress: number) => {
    const run = async () => {
      await adminGroupApi.changeProgress(r.id, progress);
      toast('success', t('adminGroup.updated'));
      void list.refetch();
    };
    // Approving makes the problem public for everyone: confirm first.
    if (progress === 2) feedback.modal?.confirm({ title: t('adminGroup.approve'), content: t('adminGroup.approveConfirm', { id: r.problemId }), okText: t('adminGroup.ok'), cancelText: t('adminGroup.cancel'), onOk: run });
    else void run();
  };
  return (
    <Card title={t('adminGroup.title')} extra={
      <Space wrap>
        <Input.Search allowClear placeholder={t('adminGroup.keyword')} maxLength={200} style={{ width: 220 }} aria-label={t('adminGroup.keyword')}
          onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} />
        <InputNumber min={1} precision={0} placeholder={t('adminGroup.gid')} aria-label={t('adminGroup.gid')} style={{ width: 120 }}
          onChange={(v) => setQ({ ...q, gid: v ? Number(v) : undefined, currentPage: 1 })} />
      </Space>
    }>
      <Table<GroupApplyRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('adminGroup.empty')} /> }}
        onRow={(r) => ({ 'data-testid': 'group-apply-row', 'data-pid': r.problemId }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('adminGroup.gid'), render: (_, r) => <Link to={`/group/${r.gid}`}>{r.gid}</Link> },
          { title: 'ID', dataIndex: 'id' },
          { title: t('adminGroup.problemId'), dataIndex: 'problemId' },
          { title: t('adminGroup.problemTitle'), dataIndex: 'title' },
          { title: t('adminGroup.type'), render: (_, r) => <Tag>{r.type === 1 ? 'OI' : 'ACM'}</Tag> },
          { title: t('adminGroup.judgeMode'), dataIndex: 'judgeMode', responsive: ['md'] },
          { title: t('adminGroup.author'), render: (_, r) => r.author && <Link to={`/user-home?username=${encodeURIComponent(r.author)}`}>{r.author}</Link> },
          {
            title: t('adminGroup.examine'),
            render: (_, r) => (
              <Select size="small" style={{ width: 120 }} value={r.applyPublicProgress ?? undefined} onChange={(v) => change(r, v)} aria-label={`${t('adminGroup.examine')} ${r.problemId}`}
                data-testid="group-apply-progress"
                options={[{ value: 1, label: t('adminGroup.applying'), disabled: true }, { value: 2, label: t('adminGroup.agreed') }, { value: 3, label: t('adminGroup.refused') }]} />
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
    </Card>
  );
}
