import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SubmissionList } from '../submission';
import { SubmissionDetail } from '../submission';
import { useGroup } from './context';

/** /group/{id}/status: the group's submissions; details open inside the group. */
export function GroupSubmissions() {
  const { t } = useTranslation();
  const { gid } = useGroup();
  return (
    <SubmissionList gid={gid} title={t('group.tab.submissions')}
      detailLink={(s) => `/group/${gid}/submission-detail/${s.submitId}`}
      problemLink={(s) => (s.cid ? `/contest/${s.cid}/problem/${encodeURIComponent(s.displayId ?? s.displayPid)}` : `/group/${gid}/problem/${encodeURIComponent(s.displayPid)}`)} />
  );
}

/** /group/{id}/submission-detail/{submitID}. */
export function GroupSubmissionDetail() {
  const { submitID } = useParams();
  return <SubmissionDetail key={submitID} submitId={Number(submitID)} />;
}
