import { Card, Table, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContestType } from '@verdict/shared';
import { AcRateBar } from '../../components';
import { StatusMark } from '../problem';
import { contestProblemsQuery, type ContestProblem } from './api';
import { useContest } from './context';
import { DownloadProblemsPdfButton } from '../print-set';

function SealedMark() {
  const { t } = useTranslation();
  return <Tooltip title={t('contest.sealed')}><Typography.Text type="secondary">?</Typography.Text></Tooltip>;
}

/** Problems tab: display ID with balloon colour, my status, AC, total and the AC-rate bar (hidden while sealed). */
export function ContestProblems() {
  const { t } = useTranslation();
  const { contest, containsEnd, isAdmin } = useContest();
  const list = useQuery(contestProblemsQuery(contest.id, containsEnd));
  const isOI = contest.type === ContestType.OI;
  return (
    <Card extra={isAdmin ? <DownloadProblemsPdfButton cid={contest.id} size="small" /> : undefined}>
      <Table<ContestProblem> scroll={{ x: 'max-content' }}
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: '', width: 40, render: (_, p) => <StatusMark status={p.myStatus} /> },
          {
            title: t('contest.displayId'), width: 110, dataIndex: 'displayId',
            render: (v: string, p) => <span>{p.color && <span className="contest-balloon" style={{ background: p.color }} />}{v}</span>,
          },
          {
            title: t('contest.title'), dataIndex: 'displayTitle',
            render: (v: string, p) => <Link to={`/contest/${contest.id}/problem/${encodeURIComponent(p.displayId)}`} data-testid="contest-problem-link">{v}</Link>,
          },
          ...(isOI ? [{ title: t('submission.score'), width: 90, render: (_: unknown, p: ContestProblem) => p.score ?? '' }] : []),
          // While sealed for this viewer the counts are question marks (spec 02 §2).
          { title: t('problem.ac'), width: 70, render: (_, p) => (p.ac === null ? <SealedMark /> : p.ac) },
          { title: t('problem.total'), width: 80, render: (_, p) => (p.ac === null ? <SealedMark /> : p.total) },
          { title: t('problem.acRate'), width: 170, render: (_, p) => (p.ac === null ? <SealedMark /> : <AcRateBar ac={p.ac} total={p.total ?? 0} />) },
        ]}
      />
    </Card>
  );
}
