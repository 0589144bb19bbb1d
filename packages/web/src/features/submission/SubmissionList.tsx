import { useEffect, useState } from 'react';
import { Button, Card, Input, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { CloseCircleOutlined, EditOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { JUDGE_STATUS_NAMES, JudgeStatus, PAGE_SIZES } from '@verdict/shared';
import { Pagination, StatusTag, statusName } from '../../components';
import { msg } from '../../i18n';
import { feedback, toast } from '../../lib/feedback';
import { openAuthModal, useAuth } from '../../stores/user';
import { submissionApi, submissionListQuery, type Submission, type SubmissionFilter } from './api';
import { formatLength, formatMemory, formatTime } from './format';
import { useStatusPolling, isInProgress } from './polling';
import { judgeProgressText } from './progress';
import { ManualJudgeDialog } from './ManualJudgeDialog';

export interface SubmissionListProps {
  /** Contest variant: rows of that contest, detail links inside the contest. */
  contestId?: number;
  gid?: number;
  /** Fixed problem filter (the problem page's My Submission tab). */
  problemID?: string;
  /** Fixed only-mine (My Submission tab). */
  fixedMine?: boolean;
  pageSize?: number;
  /** Keep filters and page in the query string (the /status page). */
  syncQuery?: boolean;
  title?: string;
  detailLink?: (s: Submission) => string;
  problemLink?: (s: Submission) => string;
}

const FILTER_STATUSES = Object.keys(JUDGE_STATUS_NAMES).map(Number).filter((s) => s !== JudgeStatus.NOT_SUBMITTED);

function useFilterState(syncQuery: boolean, pageSize: number) {
  const [sp, setSp] = useSearchParams();
  const fromQuery = (): SubmissionFilter => ({
    onlyMine: sp.get('onlyMine') === 'true',
    status: sp.get('status') !== null && sp.get('status') !== '' ? Number(sp.get('status')) : undefined,
    username: sp.get('username') ?? '',
    problemID: sp.get('problemID') ?? '',
    currentPage: Math.max(1, Number(sp.get('currentPage')) || 1),
    limit: Number(sp.get('limit')) || pageSize,
  });
  const [local, setLocal] = useState<SubmissionFilter>(() => (syncQuery ? fromQuery() : { currentPage: 1, limit: pageSize }));
  const filter = syncQuery ? fromQuery() : local;
  const update = (patch: Partial<SubmissionFilter>) => {
    const next = { ...filter, ...patch };
    if (!syncQuery) return setLocal(next);
    const q: Record<string, string> = {};
    if (next.onlyMine) q.onlyMine = 'true';
    if (next.status !== undefined && !Number.isNaN(next.status)) q.status = String(next.status);
    if (next.username) q.username = next.username;
    if (next.problemID) q.problemID = next.problemID;
    if (next.currentPage > 1) q.currentPage = String(next.currentPage);
    if (next.limit !== pageSize) q.limit = String(next.limit);
    setSp(q);
  };
  return [filter, update] as const;
}

/** Submission list with filters, in-progress polling and role-based row actions (spec 01 §4). */
export function SubmissionList({ contestId, gid, problemID, fixedMine, pageSize = PAGE_SIZES.submissionList, syncQuery = false, title, detailLink, problemLink }: SubmissionListProps) {
  const { t } = useTranslation();
  const { isLoggedIn, isRoot, user } = useAuth();
  const [filter, setFilter] = useFilterState(syncQuery, pageSize);
  const query = { ...filter, onlyMine: fixedMine || filter.onlyMine, problemID: problemID ?? filter.problemID, contestID: contestId, gid };
  const list = useQuery({ ...submissionListQuery(query), enabled: !fixedMine || isLoggedIn });
  const [rows, setRows] = useState<Submission[]>([]);
  useEffect(() => setRows(list.data?.records ?? []), [list.data]);
  const [manual, setManual] = useState<Submission | null>(null);

  const patchRow = (id: number, patch: Partial<Submission>) => setRows((rs) => rs.map((r) => (r.submitId === id ? { ...r, ...patch } : r)));
  const pollingIds = rows.filter((r) => isInProgress(r.status)).map((r) => r.submitId);
  useStatusPolling(pollingIds, (map) => {
    for (const [id, s] of Object.entries(map)) patchRow(Number(id), s as Partial<Submission>);
  }, contestId);

  const toggleMine = (on: boolean) => {
    if (on && !isLoggedIn) {
      toast('warning', msg('loginFirst'));
      openAuthModal('login');
      return;
    }
    // The only-mine switch clears the username filter (spec 01 §5).
    setFilter({ onlyMine: on, username: on ? '' : filter.username, currentPage: 1 });
  };
  const resubmit = async (r: Submission) => {
    const s = await submissionApi.resubmit(r.submitId);
    toast('success', t('submission.resubmitted'));
    patchRow(r.submitId, { status: s?.status ?? JudgeStatus.PENDING, score: null });
  };
  const rejudge = (r: Submission) => feedback.modal?.confirm({
    title: t('submission.rejudge'), content: t('submission.rejudgeConfirm'),
    onOk: async () => {
      const s = await submissionApi.rejudge(r.submitId);
      toast('success', t('submission.rejudged'));
      patchRow(r.submitId, { status: s?.status ?? JudgeStatus.PENDING, score: null });
    },
  });
  const cancel = (r: Submission) => feedback.modal?.confirm({
    title: t('submission.cancelJudge'), content: t('submission.cancelConfirm'),
    onOk: async () => {
      await submissionApi.cancel(r.submitId);
      toast('success', t('submission.cancelled'));
      patchRow(r.submitId, { status: JudgeStatus.CANCELLED, isManual: true });
    },
  });

  const linkTo = (r: Submission) => (detailLink ? detailLink(r) : contestId ? `/contest/${contestId}/problem/${encodeURIComponent(r.displayId ?? r.displayPid)}/submission-detail/${r.submitId}` : `/submission-detail/${r.submitId}`);
  const problemHref = (r: Submission) => (problemLink ? problemLink(r) : contestId ? `/contest/${contestId}/problem/${encodeURIComponent(r.displayId ?? r.displayPid)}` : `/problem/${encodeURIComponent(r.displayPid)}`);

  const columns = [
    { title: t('submission.runId'), dataIndex: 'submitId', width: 90, render: (v: number, r: Submission) => <Link to={linkTo(r)}>{v}</Link> },
    ...(problemID ? [] : [{
      title: t('submission.problem'), key: 'problem', render: (_: unknown, r: Submission) => (
        <Link to={problemHref(r)}>{contestId ? (r.displayId ?? r.displayPid) : r.displayPid}{r.title ? ` ${r.title}` : ''}</Link>
      ),
    }]),
    {
      title: t('submission.status'), key: 'status', width: 200, render: (_: unknown, r: Submission) => {
        const progress = judgeProgressText(r, t);
        return (
          <Space size={4}>
            <StatusTag status={r.status} onClick={r.status === JudgeStatus.SUBMITTED_FAILED && r.uid === user?.uid ? () => resubmit(r) : undefined} />
            {r.status === JudgeStatus.SUBMITTED_FAILED && r.uid === user?.uid && (
              <Tooltip title={t('submission.resubmit')}><SyncOutlined onClick={() => resubmit(r)} style={{ cursor: 'pointer' }} /></Tooltip>
            )}
            {r.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT && <Typography.Text type="warning">{t('submission.submittedNotResult')}</Typography.Text>}
            {progress && <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }} data-testid="judge-progress">{progress}</Typography.Text>}
            {r.isManual && <Tag color="orange">{t('submission.manual')}</Tag>}
          </Space>
        );
      },
    },
    { title: t('submission.score'), dataIndex: 'score', width: 70, render: (v: number | null) => (v == null ? '-' : v) },
    { title: t('submission.time'), dataIndex: 'time', width: 90, render: formatTime },
    { title: t('submission.memory'), dataIndex: 'memory', width: 100, render: formatMemory },
    { title: t('submission.length'), dataIndex: 'length', width: 90, render: formatLength },
    { title: t('submission.language'), dataIndex: 'language', width: 110, render: (v: string, r: Submission) => <Link to={linkTo(r)}>{v}</Link> },
    ...(fixedMine ? [] : [{
      title: t('submission.author'), dataIndex: 'username', width: 130,
      render: (v: string, r: Submission) => <Link to={`/user-home?username=${encodeURIComponent(v)}&uid=${r.uid}`}>{v}</Link>,
    }]),
    { title: t('submission.submitTime'), dataIndex: 'submitTime', width: 170, render: (v: string | number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
    ...(isRoot ? [{
      title: t('submission.option'), key: 'op', width: 120, render: (_: unknown, r: Submission) => (
        <Space size={2}>
          <Tooltip title={t('submission.rejudge')}><Button aria-label={t('submission.rejudge')} size="small" type="text" icon={<ReloadOutlined />} onClick={() => rejudge(r)} /></Tooltip>
          <Tooltip title={t('submission.manualJudge')}>
            <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setManual(r)} data-testid={`manual-${r.submitId}`}
              disabled={r.status === JudgeStatus.PENDING || r.status === JudgeStatus.JUDGING || r.status === JudgeStatus.COMPILING || r.status === JudgeStatus.COMPILE_ERROR} />
          </Tooltip>
          <Tooltip title={t('submission.cancelJudge')}>
            <Button size="small" type="text" danger icon={<CloseCircleOutlined />} disabled={r.status === JudgeStatus.CANCELLED} onClick={() => cancel(r)} />
          </Tooltip>
        </Space>
      ),
    }] : []),
  ];

  const filters = !fixedMine && (
    <Space wrap style={{ marginBottom: 12 }}>
      <Space><Switch aria-label={t('submission.onlyMine')} checked={!!filter.onlyMine} onChange={toggleMine} data-testid="only-mine" /> {t('submission.onlyMine')}</Space>
      <Select
        allowClear
        aria-label={t('submission.status')}
        placeholder={t('submission.allStatus')}
        style={{ width: 190 }}
        value={filter.status}
        onChange={(v) => setFilter({ status: v ?? undefined, currentPage: 1 })}
        options={FILTER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`, { defaultValue: statusName(s) }) }))}
      />
      {!problemID && <Input.Search key={`p-${filter.problemID}`} allowClear defaultValue={filter.problemID} placeholder={t('submission.problemId')} style={{ width: 160 }} onSearch={(v) => setFilter({ problemID: v.trim(), currentPage: 1 })} />}
      <Input.Search key={`u-${filter.username}`} allowClear disabled={!!filter.onlyMine} defaultValue={filter.username} placeholder={t('submission.username')} style={{ width: 160 }} onSearch={(v) => setFilter({ username: v.trim(), currentPage: 1 })} />
      <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>{t('submission.refresh')}</Button>
    </Space>
  );

  const body = (
    <>
      {filters}
      <Table<Submission>
        rowKey="submitId"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 900 }}
        rowClassName={(r) => (r.uid === user?.uid ? 'own-row' : '')}
        locale={{ emptyText: t('submission.empty') }}
        data-testid="submission-table"
      />
      <Pagination total={list.data?.total ?? 0} current={filter.currentPage} pageSize={filter.limit} onChange={(page, size) => setFilter({ currentPage: size !== filter.limit ? 1 : page, limit: size })} />
      <ManualJudgeDialog submission={manual} onClose={() => setManual(null)} onDone={(p) => manual && patchRow(manual.submitId, p)} />
    </>
  );
  return title ? <Card title={title}>{body}</Card> : body;
}
