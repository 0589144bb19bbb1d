import { lazy, Suspense } from 'react';
import { Card, Result } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components';
import { groupApi } from './api';
import { useGroup } from './context';
import { groupPlagiarismMount } from './plagiarism-mount';

// The admin area's plagiarism screens (issue 31), mounted in the group's frame; each keeps its own chunk.
const PlagiarismPage = lazy(() => import('../admin-contest/plagiarism/PlagiarismPage'));
const PairPage = lazy(() => import('../admin-contest/plagiarism/PairPage'));

const loadContest = (cid: number) => groupApi.contest(cid);

function useMount() {
  const p = useParams();
  const g = useGroup();
  const cid = Number(p.contestID);
  return { g, cid, mount: groupPlagiarismMount(g.gid, cid) };
}

/** The group's admins only (the server checks the contest's own admins: the group root or its creator). */
function AdminsOnly() {
  const { t } = useTranslation();
  return <Card><Result status="403" title={t('group.contestAdminsOnly')} /></Card>;
}

/** /group/:groupID/contest/:contestID/plagiarism: run the check and review its pairs. */
export function GroupPlagiarism() {
  const { g, cid, mount } = useMount();
  if (!g.isAdmin) return <AdminsOnly />;
  return <Suspense fallback={<PageLoading />}><PlagiarismPage cid={cid} mount={mount} loadContest={loadContest} /></Suspense>;
}

/** /group/:groupID/contest/:contestID/plagiarism/:left/:right: one pair side by side, with the decision. */
export function GroupPlagiarismPair() {
  const { g, cid, mount } = useMount();
  if (!g.isAdmin) return <AdminsOnly />;
  return <Suspense fallback={<PageLoading />}><PairPage cid={cid} mount={mount} /></Suspense>;
}
