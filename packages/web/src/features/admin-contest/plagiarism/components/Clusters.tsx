import { Card, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlagiarismClusterVo } from '@verdict/shared';
import { SubmissionUser } from './PairsTable';

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Three or more users of one problem and language linked by highly similar pairs. */
export function Clusters({ clusters }: { clusters: PlagiarismClusterVo[] }) {
  const { t } = useTranslation();
  if (!clusters.length) return <Empty description={t('plagiarism.noClusters')} />;
  return (
    <Flex vertical gap={12}>
      {clusters.map((c) => (
        <Card key={`${c.pid}-${c.language}-${c.users[0]?.uid}`} size="small" data-testid="plagiarism-cluster"
          title={<Space wrap><Tag>{c.problem}</Tag><span>{c.language}</span><Typography.Text type="secondary">{t('plagiarism.clusterUsers', { n: c.users.length })}</Typography.Text></Space>}
          extra={<Typography.Text type="secondary">{t('plagiarism.clusterRange', { min: pct(c.minSimilarity), max: pct(c.maxSimilarity) })}</Typography.Text>}>
          <Flex wrap gap={16}>
            {c.users.map((u) => <SubmissionUser key={u.uid} username={u.username} submitId={u.submitId} />)}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
