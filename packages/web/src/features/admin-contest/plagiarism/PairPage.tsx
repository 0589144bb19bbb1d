import { Button, Card, Descriptions, Flex, Result, Space, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components';
import { usePlagiarismPair } from './api/get-plagiarism-pair';
import { DecisionPanel } from './components/DecisionPanel';
import { SubmissionUser } from './components/PairsTable';
import { SideBySide } from './components/SideBySide';
import { SimilarityBar } from './components/SimilarityBar';
import { adminPlagiarismMount, type PlagiarismMount } from './paths';

/** /admin/contest/:contestId/plagiarism/:left/:right (or under a group's mount): one pair side by side, with the decision. */
export default function PairPage(props: { cid?: number; mount?: PlagiarismMount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const cid = props.cid ?? Number(params.contestId);
  const mount = props.mount ?? adminPlagiarismMount(cid);
  const left = Number(params.left);
  const right = Number(params.right);
  const detail = usePlagiarismPair(cid, left, right);
  const back = () => navigate(mount.report);
  if (detail.isLoading) return <PageLoading />;
  if (!detail.data) {
    return <Result status="warning" title={detail.error?.message ?? ''} extra={<Button onClick={back}>{t('plagiarism.backToList')}</Button>} />;
  }
  const d = detail.data;
  const p = d.pair;
  return (
    <Flex vertical gap={12}>
      <Card
        title={<Space wrap><span>{t('plagiarism.pairTitle')}</span><Tag>{p.problem}</Tag><span>{p.problemTitle}</span></Space>}
        extra={<Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="plagiarism-back">{t('plagiarism.back')}</Button>}
      >
        <Flex vertical gap={12}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered items={[
            { key: 'l', label: t('plagiarism.left'), children: <SubmissionUser username={d.left.username} submitId={d.left.submitId} /> },
            { key: 'r', label: t('plagiarism.right'), children: <SubmissionUser username={d.right.username} submitId={d.right.submitId} /> },
            { key: 's', label: t('plagiarism.similarity'), children: <span data-testid="pair-similarity"><SimilarityBar value={p.similarity} width={160} /></span> },
            { key: 'f', label: t('plagiarism.longest'), children: <span data-testid="pair-longest">{t('plagiarism.lines', { n: p.longestFragment })}</span> },
          ]} />
          <DecisionPanel key={`${p.decision?.decidedAt ?? 0}`} cid={cid} pair={p} />
        </Flex>
      </Card>
      <SideBySide detail={d} />
    </Flex>
  );
}
