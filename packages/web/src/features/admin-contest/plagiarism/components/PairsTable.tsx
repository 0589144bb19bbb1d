import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlagiarismPairVo } from '@verdict/shared';
import { DecisionTag } from './DecisionTag';
import { SimilarityBar } from './SimilarityBar';
import { pairPath } from '../paths';

/** A user and the link to the submission compared. */
export function SubmissionUser({ username, submitId }: { username: string; submitId: number }) {
  return (
    <Space size={4} wrap={false}>
      <Typography.Text strong>{username}</Typography.Text>
      <Link to={`/submission-detail/${submitId}`} target="_blank" rel="noreferrer">#{submitId}</Link>
    </Space>
  );
}

/** The kept pairs, most similar first: problem, language, both users with their submissions, similarity, longest fragment, decision. */
export function PairsTable({ report, pairs, loading }: { /** The results screen's path (the pairs open under it). */ report: string; pairs: PlagiarismPairVo[]; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Table<PlagiarismPairVo>
      rowKey={(p) => `${p.leftSubmitId}-${p.rightSubmitId}`}
      loading={loading}
      dataSource={pairs}
      pagination={pairs.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      size="small"
      locale={{ emptyText: t('plagiarism.noPairs') }}
      onRow={() => ({ 'data-testid': 'plagiarism-pair' } as object)}
      columns={[
        {
          title: t('plagiarism.problem'), key: 'problem',
          render: (_, p) => <Tooltip title={p.problemTitle}><Tag>{p.problem}</Tag></Tooltip>,
        },
        {
          title: t('plagiarism.language'), key: 'language',
          render: (_, p) => (p.charTokens ? <Tooltip title={t('plagiarism.charTokens')}><span>{p.language}*</span></Tooltip> : p.language),
        },
        { title: t('plagiarism.left'), key: 'left', render: (_, p) => <SubmissionUser username={p.leftUsername} submitId={p.leftSubmitId} /> },
        { title: t('plagiarism.right'), key: 'right', render: (_, p) => <SubmissionUser username={p.rightUsername} submitId={p.rightSubmitId} /> },
        { title: t('plagiarism.similarity'), key: 'similarity', render: (_, p) => <SimilarityBar value={p.similarity} /> },
        { title: t('plagiarism.longest'), key: 'longest', render: (_, p) => t('plagiarism.lines', { n: p.longestFragment }) },
        { title: t('plagiarism.decision'), key: 'decision', render: (_, p) => <DecisionTag decision={p.decision} /> },
        {
          title: '', key: 'open', fixed: 'right',
          render: (_, p) => <Button size="small" type="primary" ghost onClick={() => navigate(pairPath(report, p))} data-testid="plagiarism-compare">{t('plagiarism.compare')}</Button>,
        },
      ]}
    />
  );
}
