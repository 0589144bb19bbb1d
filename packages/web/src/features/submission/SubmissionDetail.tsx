import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { JudgeStatus } from '@verdict/shared';
import { StatusTag, LinkButton } from '../../components';
import { toast } from '../../lib/feedback';
import { useAuth } from '../../stores/user';
import { CodeEditor } from '../../components/code-editor/CodeEditor';
import { copyText } from '../../components/copy';
import { caseResultsQuery, submissionApi, submissionDetailQuery, type Submission } from './api';
import { CaseResults } from './CaseResults';
import { formatLength, formatMemory, formatTime } from './format';
import { isInProgress, useStatusPolling } from './polling';
import { judgeProgressText } from './progress';

/** One submission: verdict, case results, code when visible, share switch for the owner. */
export function SubmissionDetail({ submitId, contestId, problemLink }: { submitId: number; contestId?: number; problemLink?: (s: Submission) => string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const detail = useQuery({ ...submissionDetailQuery(submitId), retry: false });
  const [sub, setSub] = useState<Submission | null>(null);
  useEffect(() => setSub(detail.data?.submission ?? null), [detail.data]);
  const inProgress = !!sub && isInProgress(sub.status);
  const cases = useQuery({ ...caseResultsQuery(submitId, sub?.status), enabled: !!sub && !inProgress });

  useStatusPolling(inProgress && sub ? [sub.submitId] : [], (map) => {
    const s = map[submitId];
    if (!s) return;
    if (!isInProgress(s.status)) void detail.refetch();
    else setSub((cur) => (cur ? { ...cur, ...s } : cur));
  }, contestId);

  if (detail.isLoading) return <div style={{ textAlign: 'center', padding: 48 }}><Spin /></div>;
  if (detail.isError || !sub) return <Result status="404" title={t('submission.notFound')} extra={<LinkButton to="/status">{t('submission.back')}</LinkButton>} />;

  const isOwner = user?.uid === sub.uid;
  // Sharing: off for contest submissions; otherwise it follows the problem's codeShare.
  const canShare = isOwner && !sub.cid && !!detail.data?.codeShare;
  const toggleShare = async () => {
    await submissionApi.share(sub.submitId, !sub.share, sub.uid);
    toast('success', t(sub.share ? 'submission.unsharedOk' : 'submission.sharedOk'));
    setSub({ ...sub, share: !sub.share });
  };
  const progress = judgeProgressText(sub, t);
  const problemHref = problemLink ? problemLink(sub) : sub.cid ? `/contest/${sub.cid}/problem/${encodeURIComponent(sub.displayId ?? sub.displayPid)}` : `/problem/${encodeURIComponent(sub.displayPid)}`;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="submission-detail" data-testid="submission-detail">
      <Card>
        <Space align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>#{sub.submitId}</Typography.Title>
          <span data-testid="detail-status"><StatusTag status={sub.status} /></span>
          {progress && <Typography.Text type="secondary" data-testid="judge-progress">{progress}</Typography.Text>}
          {sub.score != null && <Typography.Text strong>{t('submission.score')}: {sub.score}</Typography.Text>}
        </Space>
        {sub.status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT && <Alert type="warning" showIcon message={t('submission.submittedNotResult')} style={{ marginBottom: 12 }} />}
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('submission.problem')}><Link to={problemHref}>{sub.cid ? (sub.displayId ?? sub.displayPid) : sub.displayPid}{sub.title ? ` ${sub.title}` : ''}</Link></Descriptions.Item>
          <Descriptions.Item label={t('submission.author')}><Link to={`/user-home?username=${encodeURIComponent(sub.username)}&uid=${sub.uid}`}>{sub.username}</Link></Descriptions.Item>
          <Descriptions.Item label={t('submission.language')}>{sub.language}</Descriptions.Item>
          <Descriptions.Item label={t('submission.submitTime')}>{dayjs(sub.submitTime).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
          <Descriptions.Item label={t('submission.time')}>{formatTime(sub.time)}</Descriptions.Item>
          <Descriptions.Item label={t('submission.memory')}>{formatMemory(sub.memory)}</Descriptions.Item>
          <Descriptions.Item label={t('submission.length')}>{formatLength(sub.length)}</Descriptions.Item>
          {sub.judger && <Descriptions.Item label={t('submission.judger')}>{sub.judger}</Descriptions.Item>}
        </Descriptions>
        {sub.errorMessage && (
          <div style={{ marginTop: 12 }}>
            <Typography.Text strong>{t('submission.errorMessage')}</Typography.Text>
            <pre className="stderr-block" data-testid="error-message">{sub.errorMessage}</pre>
          </div>
        )}
      </Card>
      {cases.data && ((cases.data.judgeCaseList?.length ?? 0) > 0 || (cases.data.subTaskJudgeCaseVoList?.length ?? 0) > 0) && (
        <CaseResults data={cases.data} isOi={sub.score != null} />
      )}
      {sub.code ? (
        <Card
          size="small"
          title={t('submission.code')}
          extra={(
            <Space>
              {canShare && (
                <Button size="small" icon={<ShareAltOutlined />} onClick={toggleShare} data-testid="share-toggle">
                  {sub.share ? t('submission.unshared') : t('submission.shared')}
                </Button>
              )}
              <Button size="small" icon={<CopyOutlined />} onClick={() => copyText(sub.code ?? '')}>{t('submission.copy')}</Button>
            </Space>
          )}
        >
          <CodeEditor value={sub.code} language={sub.language} readOnly height="auto" />
        </Card>
      ) : <Alert type="info" message={t('submission.noCode')} />}
    </Space>
  );
}
