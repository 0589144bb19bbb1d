import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, InputNumber, Progress, Select, Slider, Space, Tabs, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ContestStatus, PLAGIARISM_DEFAULT_MIN, PLAGIARISM_KEEP_MIN, type PlagiarismStatus } from '@verdict/shared';
import { contestFormQuery, type AdminContest } from '../api';
import { usePlagiarismResult } from './api/get-plagiarism-result';
import { Clusters } from './components/Clusters';
import { Coverage } from './components/Coverage';
import { PairsTable } from './components/PairsTable';
import { StartCheck } from './components/StartCheck';
import { adminPlagiarismMount, type PlagiarismMount } from './paths';

const STATUS_COLOR: Record<PlagiarismStatus, string> = { none: 'default', queued: 'processing', running: 'processing', done: 'success', failed: 'error' };
const STATUS_KEY: Record<PlagiarismStatus, string> = {
  none: 'plagiarism.statusNone', queued: 'plagiarism.statusQueued', running: 'plagiarism.statusRunning', done: 'plagiarism.statusDone', failed: 'plagiarism.statusFailed',
};
const fmt = (ms: number | null) => (ms == null ? '' : dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));

/** What a mount other than the admin area's passes in (a group's: /group/:gid/contest/:cid/plagiarism). */
export interface PlagiarismPageProps {
  /** The contest (default: the route's :contestId). */
  cid?: number;
  /** Where the screens live (default: the admin area's). */
  mount?: PlagiarismMount;
  /** Loads the contest's title and status for a caller without an admin-area role (default: the admin area's call). */
  loadContest?: (cid: number) => Promise<AdminContest>;
}

/** /admin/contest/:contestId/plagiarism: run the check, follow its progress, review pairs, clusters and what was compared. */
export default function PlagiarismPage(props: PlagiarismPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeCid = Number(useParams().contestId);
  const cid = props.cid ?? routeCid;
  const mount = props.mount ?? adminPlagiarismMount(cid);
  const [problem, setProblem] = useState<string | undefined>();
  const [language, setLanguage] = useState<string | undefined>();
  const [min, setMin] = useState<number>(PLAGIARISM_DEFAULT_MIN);
  const result = usePlagiarismResult({ cid, problem, language, min });
  const contest = useQuery({ ...contestFormQuery(cid, props.loadContest), retry: false });
  const r = result.data;
  const status = r?.status ?? 'none';
  const busy = status === 'queued' || status === 'running';
  const problems = useMemo(() => [...new Set((r?.groups ?? []).map((g) => g.problem))].sort(), [r?.groups]);

  return (
    <Card
      title={<Space wrap><span>{t('plagiarism.title')}</span>{contest.data && <Typography.Text type="secondary">#{cid} {contest.data.title}</Typography.Text>}</Space>}
      extra={<Button onClick={() => navigate(mount.list)}>{t('plagiarism.contestList')}</Button>}
    >
      <Flex vertical gap={16}>
        <Flex wrap gap={12} align="center" justify="space-between">
          <Space wrap>
            <Tag color={STATUS_COLOR[status]} data-testid="plagiarism-status" data-status={status}>{t(STATUS_KEY[status])}</Tag>
            {r?.startedBy && r.createdAt != null && (
              <Typography.Text type="secondary">
                {t('plagiarism.startedBy', { user: r.startedBy, time: fmt(r.createdAt) })}{r.finishedAt != null && status === 'done' ? ` · ${t('plagiarism.finishedAt', { time: fmt(r.finishedAt) })}` : ''}
              </Typography.Text>
            )}
          </Space>
          <StartCheck cid={cid} busy={busy} again={status !== 'none'} running={!!contest.data && contest.data.status !== ContestStatus.ENDED} />
        </Flex>
        {busy && <Progress percent={Math.round((r?.progress ?? 0) * 100)} status="active" data-testid="plagiarism-progress" />}
        {r?.warning && <Alert type="warning" showIcon message={r.warning} />}
        {status === 'failed' && r?.error && <Alert type="error" showIcon message={t('plagiarism.failed', { error: r.error })} />}
        {status === 'none' && !result.isLoading && <Alert type="info" showIcon message={t('plagiarism.never')} />}
        {status === 'done' && r && (
          <>
            <Flex wrap gap={12} align="center">
              <Select allowClear placeholder={t('plagiarism.allProblems')} value={problem} onChange={setProblem} style={{ minWidth: 140 }} aria-label={t('plagiarism.problem')}
                options={problems.map((p) => ({ value: p, label: p }))} data-testid="filter-problem" />
              <Select allowClear placeholder={t('plagiarism.allLanguages')} value={language} onChange={setLanguage} style={{ minWidth: 140 }} aria-label={t('plagiarism.language')}
                options={r.languages.map((l) => ({ value: l, label: l }))} data-testid="filter-language" />
              <Space>
                <span>{t('plagiarism.threshold')}</span>
                <Slider min={PLAGIARISM_KEEP_MIN} max={1} step={0.05} value={min} onChange={setMin} style={{ width: 140 }} tooltip={{ formatter: (v) => `${Math.round((v ?? 0) * 100)}%` }}
                  aria-label={t('plagiarism.threshold')} />
                <InputNumber min={PLAGIARISM_KEEP_MIN} max={1} step={0.05} value={min} onChange={(v) => v != null && setMin(v)} style={{ width: 80 }} aria-label={t('plagiarism.threshold')}
                  data-testid="filter-min" />
              </Space>
            </Flex>
            <Tabs
              items={[
                {
                  key: 'pairs', label: `${t('plagiarism.pairs')} (${r.total})`,
                  children: (
                    <Flex vertical gap={8}>
                      <Typography.Text type="secondary">{t('plagiarism.pairsCount', { total: r.total, shown: r.pairs.length })}</Typography.Text>
                      <PairsTable report={mount.report} pairs={r.pairs} loading={result.isFetching && result.isPlaceholderData} />
                    </Flex>
                  ),
                },
                { key: 'clusters', label: `${t('plagiarism.clusters')} (${r.clusters.length})`, children: <Clusters clusters={r.clusters} /> },
                { key: 'groups', label: `${t('plagiarism.groups')} (${r.groups.length})`, children: <Coverage groups={r.groups} /> },
              ]}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
