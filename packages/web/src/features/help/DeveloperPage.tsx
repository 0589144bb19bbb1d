import { Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { REMOTE_OJS } from '@verdict/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../stores/site';
import { allLanguagesQuery, type Language } from '../problem';

/** /developer: what the system is built from and which languages the judges offer right now. */
export function DeveloperPage() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const langs = useQuery(allLanguagesQuery());
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('help.developer')}>
        <Typography.Paragraph>{t('help.about')}</Typography.Paragraph>
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label={t('help.projectName')}>
            {site.projectUrl ? <a href={site.projectUrl} target="_blank" rel="noreferrer">{site.projectName || 'Verdict'}</a> : (site.projectName || 'Verdict')}
          </Descriptions.Item>
          <Descriptions.Item label={t('help.frontend')}>React 19, Vite, Ant Design 5, TanStack Query, CodeMirror 6, ECharts, KaTeX, i18next</Descriptions.Item>
          <Descriptions.Item label={t('help.backend')}>Node.js 20, TypeScript, Fastify 5, Kysely, zod</Descriptions.Item>
          <Descriptions.Item label={t('help.database')}>SQLite / PostgreSQL, Redis</Descriptions.Item>
          <Descriptions.Item label={t('help.judge')}>{t('help.judgeDesc')}</Descriptions.Item>
          <Descriptions.Item label={t('help.remoteJudges')}>
            <span data-testid="developer-remote-judges">
              {site.remoteJudges.length === 0 ? t('help.noRemoteJudges') : REMOTE_OJS.filter((o) => site.remoteJudges.includes(o.key)).map((o) => <Tag key={o.key}>{o.name}</Tag>)}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('help.languagesOnline')} loading={langs.isLoading}>
        <Table<Language> scroll={{ x: 'max-content' }}
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={langs.data ?? []}
          columns={[
            { title: t('help.language'), dataIndex: 'name' },
            { title: t('help.description'), dataIndex: 'description' },
            { title: t('help.version'), dataIndex: 'version', render: (v: string | null) => v ?? '-' },
            { title: t('help.available'), dataIndex: 'available', width: 90, render: (v: boolean | undefined) => (v === false ? <Tag>✗</Tag> : <Tag color="green">✓</Tag>) },
          ]}
        />
      </Card>
    </Space>
  );
}
