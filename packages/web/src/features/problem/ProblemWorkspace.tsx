import { lazy, Suspense, useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../lib/request';
import { toast } from '../../lib/feedback';
import { PlainTabs } from '../../components/PlainTabs';
import { useIsMobileNav } from '../../lib/hooks';
import { EditorPanel, type EditorPanelProps } from '../editor';
import { problemDetailQuery, problemLanguagesQuery, type ProblemDetail } from './api';
import { invalidateSubmissionLists } from '../submission';
import { ProblemDescription } from './ProblemDescription';
import { SplitPane } from './SplitPane';
import './problem.css';

// The "my submissions" tab (a table with paging and filters, or the login prompt) loads when it is
// opened. So do the annex tab (a file list) and the not-found screen (antd Result and its picture).
const MySubmissionsTab = lazy(() => import('./MySubmissionsTab'));
const ProblemAnnex = lazy(() => import('./ProblemAnnex').then((m) => ({ default: m.ProblemAnnex })));
const NotFoundResult = lazy(() => import('./NotFoundResult'));

export interface ProblemWorkspaceProps extends Pick<EditorPanelProps, 'hideResult' | 'solved' | 'detailLink'> {
  problemId: string;
  cid?: number;
  tid?: number;
  gid?: number;
  submitDisabled?: boolean;
  /** Contest pages load the problem under its contest display ID (get-contest-problem-details). */
  loadDetail?: () => Promise<ProblemDetail>;
  /** Called after each verdict (trainings refresh their progress). */
  onJudged?: () => void;
}

/**
 * The problem page (spec 01): statement tabs on the left, editor on the right, a draggable
 * divider between. Contest, training and group pages reuse it with their ids.
 */
export function ProblemWorkspace({ problemId, cid, tid, gid, submitDisabled, hideResult, solved, detailLink, loadDetail, onJudged: afterJudged }: ProblemWorkspaceProps) {
  const { t } = useTranslation();
  const stacked = useIsMobileNav();
  const qc = useQueryClient();
  const [tab, setTab] = useState('description');
  const detail = useQuery({ ...problemDetailQuery(problemId, gid, cid, loadDetail), retry: false });
  const pid = detail.data?.problem.id;
  const languages = useQuery({ ...problemLanguagesQuery(pid), enabled: !!pid, staleTime: 60_000 });

  // A group problem approved into the public bank: its old link says so and goes to the public page.
  const movedTo = detail.error instanceof ApiError ? (detail.error.data as { movedTo?: string } | null)?.movedTo : undefined;
  useEffect(() => {
    if (movedTo && detail.error) toast('info', detail.error.message);
  }, [movedTo, detail.error]);

  if (detail.isLoading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (movedTo) return <Navigate to={`/problem/${encodeURIComponent(movedTo)}`} replace />;
  if (detail.isError || !detail.data) {
    return <Suspense fallback={<Spin />}><NotFoundResult /></Suspense>;
  }
  const d = detail.data;
  const annex = d.problem.userExtraFile ?? {};
  const onJudged = () => {
    void detail.refetch();
    void invalidateSubmissionLists(qc);
    afterJudged?.();
  };

  const left = (
    // Card and Tabs look without antd's Card and Tabs (their code is most of a first visit's antd here).
    <section className="problem-left">
      <PlainTabs
        activeKey={tab}
        onChange={setTab}
        testId="problem-tabs"
        items={[
          { key: 'description', label: t('problem.tabDescription'), children: <ProblemDescription detail={d} contestId={cid} groupId={gid} /> },
          {
            key: 'mine', label: t('problem.tabMySubmission'),
            children: <Suspense fallback={<Spin />}><MySubmissionsTab problemID={d.problem.problemId} contestId={cid} gid={gid} /></Suspense>,
          },
          ...(Object.keys(annex).length ? [{ key: 'annex', label: t('problem.tabAnnex'), children: <Suspense fallback={<Spin />}><ProblemAnnex files={annex} /></Suspense> }] : []),
        ]}
      />
    </section>
  );
  const right = (
    <EditorPanel
      detail={d}
      problemID={problemId}
      languages={languages.data ?? []}
      cid={cid}
      tid={tid}
      gid={gid}
      submitDisabled={submitDisabled}
      hideResult={hideResult}
      solved={solved}
      detailLink={detailLink}
      onJudged={onJudged}
    />
  );
  return <div className="problem-workspace"><SplitPane left={left} right={right} stacked={stacked} /></div>;
}
