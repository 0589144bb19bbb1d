import { Alert, Button, Card, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback, toast } from '../../lib/feedback';
import { api } from '../../lib/request';
import { useAuth } from '../../stores/user';
import { contestProblemsQuery, type ContestProblem } from './api';
import { useContest } from './context';

/** /contest/{id}/rejudge (super admin): rejudge every submission of one contest problem. */
export function ContestRejudge() {
  const { t } = useTranslation();
  const { isRoot } = useAuth();
  const { contest } = useContest();
  const problems = useQuery({ ...contestProblemsQuery(contest.id, true), enabled: isRoot });
  if (!isRoot) return <Alert type="warning" showIcon message={t('contest.rootOnly')} />;
  const rejudge = (p: ContestProblem) => feedback.modal?.confirm({
    title: `${t('contest.rejudge')} ${p.displayId}`, content: t('contest.rejudgeConfirm'),
    onOk: async () => {
      await api.get<null>('/admin/judge/rejudge-contest-problem', { cid: contest.id, pid: p.pid });
      toast('success', t('contest.rejudged'));
    },
  });
  return (
    <Card title={t('contest.rejudge')}>
      <Table<ContestProblem> scroll={{ x: 'max-content' }}
        rowKey="id" loading={problems.isLoading} dataSource={problems.data ?? []} pagination={false}
        columns={[
          { title: t('contest.displayId'), dataIndex: 'displayId' },
          { title: t('contest.title'), dataIndex: 'displayTitle' },
          { title: t('contest.acTotal'), render: (_, p) => (p.ac === null ? '' : `${p.ac} / ${p.total}`) },
          { title: '', render: (_, p) => <Button danger size="small" onClick={() => rejudge(p)}>{t('contest.rejudge')}</Button> },
        ]}
      />
    </Card>
  );
}
