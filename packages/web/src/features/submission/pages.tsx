import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SubmissionList } from './SubmissionList';
import { SubmissionDetail } from './SubmissionDetail';

export function SubmissionListPage() {
  const { t } = useTranslation();
  return <SubmissionList syncQuery title={t('submission.list')} />;
}

export function SubmissionDetailPage() {
  const { submitID } = useParams();
  return <SubmissionDetail key={submitID} submitId={Number(submitID)} />;
}
