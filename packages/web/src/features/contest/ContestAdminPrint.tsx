import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContest } from './context';
import { PrintQueue } from './PrintQueue';

/** /contest/{id}/admin-print: the print queue, for contest admins when the contest has printing open. */
export function ContestAdminPrint() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContest();
  if (!contest.openPrint) return <Alert type="warning" showIcon message={t('contest.printClosed')} />;
  if (!isAdmin) return <Alert type="error" showIcon message={t('contest.adminOnly')} />;
  return <PrintQueue cid={contest.id} />;
}
