import { useMemo } from 'react';
import { Button, Card, Col, Collapse, Empty, Input, Row, Select, Space, Table, Tag } from 'antd';
import { ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, REMOTE_OJS, type ProblemListRow, type TagVo } from '@verdict/shared';
import { AcRateBar, Pagination } from '../../components';
import { toast } from '../../lib/feedback';
import { useAuth } from '../../stores/user';
import { useSiteConfig } from '../../stores/site';
import { problemApi, problemListQuery, problemStatusQuery, problemTagsQuery, type Tag as TagT } from './api';
import { DIFFICULTIES, DifficultyTag, difficultyLabel } from './difficulty';
import { StatusMark } from './StatusMark';

/** Reads the list's state from the query string (spec 01 §2: difficulty, oj, keyword, tagId as JSON list, currentPage, limit). */
function useListQuery() {
  const [sp, setSp] = useSearchParams();
  const state = useMemo(() => {
    let tagIds: number[] = [];
    try {
      const raw = sp.get('tagId');
      const v = raw ? JSON.parse(raw) : [];
      if (Array.isArray(v)) tagIds = [...new Set(v.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
    } catch {}
    const num = (k: string, d: number) => {
      const n = Number(sp.get(k));
      return Number.isInteger(n) && n >= 1 ? n : d;
    };
    const diff = sp.get('difficulty');
    return {
      keyword: sp.get('keyword') ?? '',
      difficulty: diff !== null && diff !== '' && !Number.isNaN(Number(diff)) ? Number(diff) : undefined,
      oj: sp.get('oj') || 'ME',
      tagIds,
      currentPage: num('currentPage', 1),
      limit: num('limit', PAGE_SIZES.problemList),
    };
  }, [sp]);
  const update = (patch: Partial<typeof state>) => {
    const next = { ...state, ...patch };
    const q: Record<string, string> = {};
    if (next.keyword) q.keyword = next.keyword;
    if (next.difficulty !== undefined) q.difficulty = String(next.difficulty);
    if (next.oj && next.oj !== 'ME') q.oj = next.oj;
    if (next.tagIds.length) q.tagId = JSON.stringify(next.tagIds);
    if (next.currentPage > 1) q.currentPage = String(next.currentPage);
    if (next.limit !== PAGE_SIZES.problemList) q.limit = String(next.limit);
    setSp(q);
  };
  return [state, update] as const;
}

export function ProblemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const [q, setQ] = useListQuery();
  const site = useSiteConfig();

  const list = useQuery(problemListQuery(q, () => problemApi.list({
    keyword: q.keyword || undefined, difficulty: q.difficulty, oj: q.oj === 'ME' ? undefined : q.oj,
    tagId: q.tagIds.length ? q.tagIds.join(',') : undefined, currentPage: q.currentPage, limit: q.limit,
  })));
  const rows = list.data?.records ?? [];
  const statuses = useQuery({ ...problemStatusQuery(rows.map((r) => r.pid)), enabled: isLoggedIn && rows.length > 0 });
  const tagGroups = useQuery(problemTagsQuery(q.oj));
  const tagById = useMemo(() => {
    const m = new Map<number, TagT>();
    for (const g of tagGroups.data ?? []) for (const tg of g.tagList) m.set(tg.id, tg);
    return m;
  }, [tagGroups.data]);

  const addTag = (tag: TagVo) => {
    if (q.tagIds.includes(tag.id)) {
      toast('warning', t('problem.tagAlreadyChosen'));
      return;
    }
    setQ({ tagIds: [...q.tagIds, tag.id], currentPage: 1 });
  };
  const pickRandom = async () => {
    const r = await problemApi.random();
    toast('success', t('problem.goodLuck'));
    navigate(`/problem/${encodeURIComponent(r.problemId)}`);
  };

  const columns = [
    ...(isLoggedIn ? [{
      title: '', key: 'mark', width: 40,
      render: (_: unknown, r: ProblemListRow) => <StatusMark status={statuses.data?.[r.pid]?.status} />,
    }] : []),
    { title: t('problem.id'), dataIndex: 'problemId', width: 130, render: (v: string) => <Link to={`/problem/${encodeURIComponent(v)}`}>{v}</Link> },
    {
      title: t('problem.title'), dataIndex: 'title',
      render: (v: string, r: ProblemListRow) => (
        <Space wrap size={4}>
          <Link to={`/problem/${encodeURIComponent(r.problemId)}`}>{v}</Link>
          {r.tags.map((tg) => <Tag key={tg.id} color={tg.color ?? undefined} style={{ cursor: 'pointer' }} onClick={() => addTag(tg)}>{tg.name}</Tag>)}
        </Space>
      ),
    },
    { title: t('problem.level'), dataIndex: 'difficulty', width: 90, render: (v: number) => <DifficultyTag value={v} /> },
    { title: t('problem.total'), dataIndex: 'total', width: 80 },
    {
      title: t('problem.acRate'), key: 'rate', width: 150,
      render: (_: unknown, r: ProblemListRow) => <AcRateBar ac={r.ac} total={r.total} />,
    },
  ];

  // Only the switched-on remote judges (and one the address already names, so the filter shows it).
  const ojOptions = [{ value: 'ME', label: t('problem.mine') }, ...REMOTE_OJS.filter((o) => site.remoteJudges.includes(o.key) || o.key === q.oj).map((o) => ({ value: o.key, label: o.name }))];

  return (
    <Row gutter={[16, 16]} className="problem-list-page">
      <Col xs={24} lg={18}>
        <Card title={t('problem.list')}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Input.Search
              key={q.keyword}
              defaultValue={q.keyword}
              allowClear
              placeholder={t('problem.keyword')}
              onSearch={(v) => setQ({ keyword: v.trim(), currentPage: 1 })}
              style={{ width: 220 }}
              data-testid="problem-keyword"
            />
            <Select
              style={{ width: 120 }}
              aria-label={t('problem.difficulty')}
              value={q.difficulty ?? 'all'}
              onChange={(v) => setQ({ difficulty: v === 'all' ? undefined : Number(v), currentPage: 1 })}
              options={[{ value: 'all', label: `${t('problem.difficulty')}: ${t('problem.allDifficulty')}` }, ...DIFFICULTIES.map((d) => ({ value: d, label: difficultyLabel(t, d) }))]}
            />
            <Select style={{ width: 130 }} aria-label={t('problem.oj')} value={q.oj} onChange={(v) => setQ({ oj: v, tagIds: [], currentPage: 1 })} options={ojOptions} />
            <Button icon={<ThunderboltOutlined />} onClick={pickRandom}>{t('problem.random')}</Button>
            <Button icon={<ReloadOutlined />} onClick={() => setQ({ keyword: '', difficulty: undefined, tagIds: [], currentPage: 1 })}>{t('problem.reset')}</Button>
          </Space>
          {q.tagIds.length > 0 && (
            <div style={{ marginBottom: 12 }}>
              {q.tagIds.map((id) => (
                <Tag key={id} closable color={tagById.get(id)?.color ?? 'blue'} onClose={() => setQ({ tagIds: q.tagIds.filter((x) => x !== id), currentPage: 1 })}>
                  {tagById.get(id)?.name ?? `#${id}`}
                </Tag>
              ))}
            </div>
          )}
          <Table<ProblemListRow>
            rowKey="pid"
            size="middle"
            loading={list.isLoading}
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 640 }}
            data-testid="problem-table"
          />
          <Pagination
            total={list.data?.total ?? 0}
            current={q.currentPage}
            pageSize={q.limit}
            onChange={(page, size) => setQ({ currentPage: size !== q.limit ? 1 : page, limit: size })}
          />
        </Card>
      </Col>
      <Col xs={24} lg={6}>
        <Card title={t('problem.tags')} loading={tagGroups.isLoading}>
          {(tagGroups.data ?? []).length === 0 ? <Empty description={t('problem.noTag')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
            <Collapse
              size="small"
              defaultActiveKey={(tagGroups.data ?? []).map((g) => String(g.classification?.id ?? 'none'))}
              items={(tagGroups.data ?? []).map((g) => ({
                key: String(g.classification?.id ?? 'none'),
                label: g.classification?.name ?? t('problem.unclassified'),
                children: (
                  <Space wrap size={[4, 6]}>
                    {g.tagList.map((tg) => (
                      <Tag key={tg.id} color={tg.color ?? undefined} style={{ cursor: 'pointer' }} onClick={() => addTag(tg)}>{tg.name}</Tag>
                    ))}
                  </Space>
                ),
              }))}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
