import { lazy, Suspense } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@verdict/shared';
import { useAuth } from '../../stores/user';

const SubmissionList = lazy(() => import('../submission/SubmissionList').then((m) => ({ default: m.SubmissionList })));

/** The problem page's "my submissions" tab (its own chunk: loaded when the tab is first opened). */
export default function MySubmissionsTab({ problemID, contestId, gid }: { problemID: string; contestId?: number; gid?: number }) {
  const { t } = useTranslation();
  const { isLoggedIn } = useAuth();
  if (!isLoggedIn) return <Alert type="warning" showIcon message={t('problem.loginToSeeSubmissions')} />;
  return (
    <Suspense fallback={<Spin />}>
      <SubmissionList fixedMine problemID={problemID} contestId={contestId} gid={gid} pageSize={PAGE_SIZES.mySubmissions} />
    </Suspense>
  );
}
