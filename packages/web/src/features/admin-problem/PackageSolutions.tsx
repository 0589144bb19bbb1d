import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, ExperimentOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { JudgeStatus } from '@verdict/shared';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components';
import { adminProblemApi, packageSolutionsQuery, type PackageSolution } from './api';

const POLL_MS = 1500;

/**
 * "Check the package's solutions" on the admin problem page: the solutions an imported Polygon or
 * ICPC package tagged (main, accepted, wrong answer, time limit…), each judged by the real judge
 * and shown expected vs got. Nothing shows for a problem without package solutions.
 */
export default function PackageSolutions({ pid }: { pid: number }) {
  const { t } = useTranslation();
  const list = useQuery({
    ...packageSolutionsQuery(pid),
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === JudgeStatus.PENDING) ? POLL_MS : false),
  });
  const check = useMutation({ mutationFn: () => adminProblemApi.checkPackageSolutions(pid), onSuccess: () => void list.refetch() });
  const rows = list.data ?? [];
  if (!rows.length) return null;
  const judged = rows.filter((r) => r.ok !== null);
  const wrong = judged.filter((r) => !r.ok).length;

  return (
    <section className="package-solutions" data-testid="package-solutions" aria-labelledby="package-solutions-title">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Text strong id="package-solutions-title">{t('adminProblem.solutionsTitle')}</Typography.Text>
        <Button icon={<ExperimentOutlined />} loading={check.isPending} onClick={() => check.mutate()} data-testid="check-solutions">{t('adminProblem.solutionsCheck')}</Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('adminProblem.solutionsHint')}</Typography.Paragraph>
      {judged.length === rows.length && (
        <Alert style={{ marginBottom: 8 }} showIcon type={wrong ? 'error' : 'success'}
          message={wrong ? t('adminProblem.solutionsMismatchN', { n: wrong }) : t('adminProblem.solutionsAllMatch')} />
      )}
      <Table<PackageSolution> size="small" rowKey="id" pagination={false} dataSource={rows} scroll={{ x: 'max-content' }}
        columns={[
          { title: t('adminProblem.solutionName'), dataIndex: 'name', render: (v: string, r) => <span>{v} <Typography.Text type="secondary">({r.language})</Typography.Text></span> },
          { title: t('adminProblem.solutionTag'), dataIndex: 'tag', render: (v: string) => <Tag>{v}</Tag> },
          {
            title: t('adminProblem.solutionExpected'), dataIndex: 'expected',
            render: (v: number[]) => (v.length ? <Space size={4} wrap>{v.map((s) => <StatusTag key={s} status={s} short />)}</Space> : t('adminProblem.solutionAnyRejected')),
          },
          {
            title: t('adminProblem.solutionGot'), dataIndex: 'status',
            render: (v: number | null, r) => (v === null ? <Typography.Text type="secondary">{t('adminProblem.solutionNotChecked')}</Typography.Text> : (
              <Space size={4}>
                <StatusTag status={v} short />
                {r.time !== null && v !== JudgeStatus.PENDING && <Typography.Text type="secondary">{r.time} ms</Typography.Text>}
              </Space>
            )),
          },
          {
            title: t('adminProblem.solutionResult'), dataIndex: 'ok',
            render: (v: boolean | null) => (v === null ? '—' : v
              ? <Tag icon={<CheckCircleOutlined />} color="#137a45">{t('adminProblem.solutionMatch')}</Tag>
              : <Tag icon={<CloseCircleOutlined />} color="#c53030">{t('adminProblem.solutionMismatch')}</Tag>),
          },
          { title: t('adminProblem.solutionMessage'), dataIndex: 'message', render: (v: string | null) => (v ? <Typography.Text code style={{ whiteSpace: 'pre-wrap' }}>{v.slice(0, 300)}</Typography.Text> : '') },
        ]}
      />
    </section>
  );
}
