import { useEffect, useState } from 'react';
import { Card, Input, Progress, Select, Space, Table, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { TRAINING_PAGE_SIZE, TrainingAuth } from '@verdict/shared';
import { EmptyState, Pagination } from '../../components';
import { toast } from '../../lib/feedback';
import { useIsNarrow } from '../../lib/hooks';
import { openAuthModal, useAuth } from '../../stores/user';
import { trainingCategoriesQuery, trainingListQuery, type TrainingListQuery, type TrainingVo } from './api';
import { CategoryTag, TrainingAuthTag } from './TrainingTags';
import './training.css';

/** Reads the list filters from the query string: keyword, categoryId, auth, currentPage (spec 02). */
function fromSearch(sp: URLSearchParams): TrainingListQuery {
  const page = Number.parseInt(sp.get('currentPage') ?? '1', 10);
  const cat = Number.parseInt(sp.get('categoryId') ?? '', 10);
  const auth = sp.get('auth');
  const limit = Number.parseInt(sp.get('limit') ?? '', 10);
  return {
    currentPage: Number.isFinite(page) && page >= 1 ? page : 1,
    limit: Number.isFinite(limit) && limit >= 1 && limit <= 100 ? limit : TRAINING_PAGE_SIZE,
    keyword: sp.get('keyword')?.trim() || undefined,
    categoryId: Number.isFinite(cat) && cat > 0 ? cat : undefined,
    auth: auth === TrainingAuth.PUBLIC || auth === TrainingAuth.PRIVATE ? auth : undefined,
  };
}

/** /training: category, auth and keyword filters in the query string; opening a training needs login. */
export function TrainingList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useIsNarrow();
  const { isLoggedIn } = useAuth();
  const [sp, setSp] = useSearchParams();
  const q = fromSearch(sp);
  const [keyword, setKeyword] = useState(q.keyword ?? '');
  useEffect(() => setKeyword(q.keyword ?? ''), [q.keyword]);
  const cats = useQuery(trainingCategoriesQuery());
  const list = useQuery(trainingListQuery(q));

  /** New filters into the URL; empty values are dropped. */
  const go = (patch: Partial<TrainingListQuery>) => {
    const next = { ...q, ...patch };
    const out: Record<string, string> = {};
    if (next.keyword) out.keyword = next.keyword;
    if (next.categoryId) out.categoryId = String(next.categoryId);
    if (next.auth) out.auth = next.auth;
    if (next.currentPage > 1) out.currentPage = String(next.currentPage);
    if (next.limit !== TRAINING_PAGE_SIZE) out.limit = String(next.limit);
    setSp(out);
  };
  const open = (tr: TrainingVo) => {
    if (!isLoggedIn) {
      toast('error', t('training.loginFirst'));
      openAuthModal('login');
      return;
    }
    navigate(`/training/${tr.id}`);
  };

  return (
    <Card
      title={t('training.list')}
      className="training-list"
      extra={
        <Space wrap>
          <Select style={{ width: 150 }} value={q.categoryId ?? ''} onChange={(v) => go({ categoryId: v === '' ? undefined : Number(v), currentPage: 1 })}
            data-testid="training-category-filter"
            options={[{ value: '', label: t('training.allCategory') }, ...(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))]} />
          <Select style={{ width: 130 }} value={q.auth ?? ''} onChange={(v) => go({ auth: v || undefined, currentPage: 1 })} data-testid="training-auth-filter"
            options={[{ value: '', label: t('training.allAuth') }, { value: TrainingAuth.PUBLIC, label: t('training.Public') }, { value: TrainingAuth.PRIVATE, label: t('training.Private') }]} />
          <Input.Search allowClear placeholder={t('training.keyword')} value={keyword} maxLength={200} onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => go({ keyword: v.trim() || undefined, currentPage: 1 })} style={{ width: narrow ? '100%' : 220 }} data-testid="training-search" />
        </Space>
      }
    >
      <Table<TrainingVo>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('training.empty')} /> }}
        onRow={(r) => ({ 'data-testid': 'training-row', 'data-title': r.title }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('training.rank'), dataIndex: 'rank', width: 80, responsive: ['md'] },
          { title: t('training.title'), render: (_, r) => <Typography.Link onClick={() => open(r)} className="training-title">{r.title}</Typography.Link> },
          { title: t('training.auth'), render: (_, r) => <TrainingAuthTag auth={r.auth} /> },
          { title: t('training.category'), render: (_, r) => <CategoryTag name={r.categoryName} color={r.categoryColor} /> },
          { title: t('training.problemCount'), dataIndex: 'problemCount', align: 'center' },
          {
            title: t('training.progress'), width: 150,
            render: (_, r) => (isLoggedIn
              ? <Progress percent={r.problemCount ? Math.round((r.acCount / r.problemCount) * 100) : 0} size="small"
                  format={() => `${r.acCount}/${r.problemCount}`} data-testid="training-progress" />
              : '-'),
          },
          { title: t('training.author'), dataIndex: 'author', responsive: ['md'] },
          { title: t('training.modified'), render: (_, r) => dayjs(r.gmtModified).format('YYYY-MM-DD HH:mm'), responsive: ['lg'] },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => go({ currentPage: p, limit: s })} />
    </Card>
  );
}
