import { Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlagiarismGroupVo } from '@verdict/shared';

/** Each problem and language family the check saw, and why one was not (fully) compared. */
export function Coverage({ groups }: { groups: PlagiarismGroupVo[] }) {
  const { t } = useTranslation();
  return (
    <Table<PlagiarismGroupVo>
      rowKey={(g) => `${g.pid}-${g.language}`}
      dataSource={groups}
      pagination={false}
      size="small"
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('plagiarism.problem'), key: 'problem', render: (_, g) => <Tag>{g.problem}</Tag> },
        { title: t('plagiarism.language'), key: 'language', render: (_, g) => (g.charTokens ? <Tooltip title={t('plagiarism.charTokens')}><span>{g.language}*</span></Tooltip> : g.language) },
        { title: t('plagiarism.groupSubmissions'), dataIndex: 'submissions' },
        { title: t('plagiarism.groupPairs'), dataIndex: 'pairs' },
        { title: t('plagiarism.groupState'), key: 'state', render: (_, g) => (g.error ? <Tag color="warning">{g.error}</Tag> : <Tag color="success">{t('plagiarism.checked')}</Tag>) },
      ]}
    />
  );
}
