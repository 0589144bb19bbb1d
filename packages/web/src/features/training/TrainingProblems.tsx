import { Card, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { acRate } from '@verdict/shared';
import { EmptyState } from '../../components';
import { DifficultyTag } from '../problem';
import { StatusMark } from '../problem';
import { trainingProblemsQuery, type TrainingProblemVo } from './api';
import { trainingBase, useTraining } from './context';

/** /training/{id}/problems: status, ID, title, difficulty, tags, AC/total and AC rate. */
export function TrainingProblems() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctx = useTraining();
  const { training } = ctx;
  const list = useQuery(trainingProblemsQuery(training.id));
  const open = (p: TrainingProblemVo) => navigate(`${trainingBase(ctx)}/problem/${encodeURIComponent(p.problemId)}`);
  return (
    <Card title={t('training.problems')}>
      <Table<TrainingProblemVo>
        rowKey="pid"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState text={t('training.noProblems')} /> }}
        onRow={(p) => ({ onClick: () => open(p), style: { cursor: 'pointer' }, 'data-testid': 'training-problem-row', 'data-pid': p.problemId }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: '', width: 40, render: (_, p) => <StatusMark status={p.myStatus ?? undefined} /> },
          { title: t('training.pid'), dataIndex: 'problemId', width: 110 },
          { title: t('training.problemTitle'), render: (_, p) => <Typography.Link>{p.title}</Typography.Link> },
          { title: t('training.difficulty'), render: (_, p) => <DifficultyTag value={p.difficulty} />, responsive: ['sm'] },
          {
            title: t('training.tags'), responsive: ['md'],
            render: (_, p) => <Space size={[0, 4]} wrap>{p.tags.map((g) => <Tag key={g.id} color={g.color || undefined}>{g.name}</Tag>)}</Space>,
          },
          { title: t('training.acTotal'), render: (_, p) => `${p.ac} / ${p.total}`, align: 'center' },
          { title: t('training.acRate'), render: (_, p) => `${acRate(p.ac, p.total)}%`, align: 'center', responsive: ['sm'] },
        ]}
      />
    </Card>
  );
}
