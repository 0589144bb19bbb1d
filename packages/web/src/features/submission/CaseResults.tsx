import { Card, Collapse, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components';
import type { CaseResults as CaseResultsT, JudgeCase } from './api';
import { formatMemory, formatTime } from './format';

const clip = (s: string | null | undefined) => (s && s.length > 200 ? `${s.slice(0, 200)}…` : (s ?? ''));

function CaseTable({ cases, showScore }: { cases: JudgeCase[]; showScore: boolean }) {
  const { t } = useTranslation();
  const hasData = cases.some((c) => c.inputData != null || c.userOutput != null);
  return (
    <Table<JudgeCase>
      size="small"
      rowKey={(c, i) => String(c.seq ?? i)}
      pagination={false}
      dataSource={cases}
      scroll={{ x: 600 }}
      columns={[
        { title: t('submission.caseIndex'), key: 'i', width: 70, render: (_: unknown, c, i) => `#${c.seq ?? i + 1}` },
        { title: t('submission.status'), dataIndex: 'status', width: 190, render: (s: number) => <StatusTag status={s} /> },
        { title: t('submission.time'), dataIndex: 'time', width: 90, render: formatTime },
        { title: t('submission.memory'), dataIndex: 'memory', width: 100, render: formatMemory },
        ...(showScore ? [{ title: t('submission.score'), dataIndex: 'score', width: 70, render: (v: number | null) => (v == null ? '-' : v) }] : []),
        ...(hasData ? [
          { title: t('submission.caseInput'), dataIndex: 'inputData', render: (v: string) => <Tooltip title={<pre style={{ margin: 0 }}>{clip(v)}</pre>}><code>{clip(v).slice(0, 30)}</code></Tooltip> },
          { title: t('submission.userOutput'), dataIndex: 'userOutput', render: (v: string) => <Tooltip title={<pre style={{ margin: 0 }}>{clip(v)}</pre>}><code>{clip(v).slice(0, 30)}</code></Tooltip> },
        ] : []),
      ]}
    />
  );
}

/** Test-case results, grouped by subtask in the subtask modes (spec 01 §3). */
export function CaseResults({ data, isOi }: { data: CaseResultsT; isOi: boolean }) {
  const { t } = useTranslation();
  const subtasks = data.subTaskJudgeCaseVoList ?? [];
  if (data.judgeCaseMode?.startsWith('subtask') && subtasks.length) {
    return (
      <Card size="small" title={t('submission.caseResults')} data-testid="case-results">
        <Collapse
          defaultActiveKey={subtasks.map((s) => String(s.groupNum))}
          items={subtasks.map((s) => ({
            key: String(s.groupNum),
            label: (
              <Space wrap>
                <strong>{t('submission.subtask', { n: s.groupNum })}</strong>
                <StatusTag status={s.status} />
                <Tag>{s.ac}/{s.total}</Tag>
                {s.score != null && <Tag color="blue">{t('submission.score')}: {s.score}</Tag>}
                <span>{formatTime(s.time)} · {formatMemory(s.memory)}</span>
              </Space>
            ),
            children: <CaseTable cases={s.subtaskDetailList} showScore={isOi} />,
          }))}
        />
      </Card>
    );
  }
  return (
    <Card size="small" title={t('submission.caseResults')} data-testid="case-results">
      <CaseTable cases={data.judgeCaseList ?? []} showScore={isOi} />
    </Card>
  );
}
