import { Alert, Card, Collapse, Empty, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { JUDGE_STATUS_NAMES } from '@verdict/shared';
import { StatusTag } from '../../components';
import { CodeEditor } from '../../components/code-editor/CodeEditor';
import { allLanguagesQuery, type Language } from '../problem';

// Order in which the results are explained: final verdicts first, then the in-progress ones.
const RESULT_ORDER = [0, -1, -3, 1, 2, 3, -2, 8, 4, 5, 6, 7, -4, -5, -10, 9, 10].filter((s) => JUDGE_STATUS_NAMES[s]);

/** /introduction: compilers with their A+B sample and compile command, and every judge result explained. */
export function IntroductionPage() {
  const { t } = useTranslation();
  const langs = useQuery(allLanguagesQuery());
  const list = (langs.data ?? []).filter((l) => !l.oj || l.oj === 'ME');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} className="help-page">
      <Card title={t('help.compilers')} loading={langs.isLoading} data-testid="help-compilers">
        <Typography.Paragraph>{t('help.compilersIntro')}</Typography.Paragraph>
        <Alert type="info" showIcon message={t('help.limitsNote')} style={{ marginBottom: 12 }} />
        {list.length === 0 ? <Empty description={t('help.noLanguages')} /> : (
          <Collapse
            defaultActiveKey={list.slice(0, 1).map((l) => l.name)}
            items={list.map((l: Language) => ({
              key: l.name,
              label: (
                <Space wrap>
                  <strong>{l.name}</strong>
                  <Typography.Text type="secondary">{l.description}</Typography.Text>
                  {l.available === false && <Tag>{t('help.unavailable')}</Tag>}
                </Space>
              ),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <div><Typography.Text strong>{t('help.compileCommand')}: </Typography.Text><code>{l.compileCommand || t('help.noCompile')}</code></div>
                  <Typography.Text strong>{t('help.template')}</Typography.Text>
                  <CodeEditor value={l.template} language={l.name} contentType={l.contentType} readOnly height="auto" />
                </Space>
              ),
            }))}
          />
        )}
      </Card>
      <Card title={t('help.results')} data-testid="help-results">
        <Typography.Paragraph>{t('help.resultsIntro')}</Typography.Paragraph>
        <Table scroll={{ x: 'max-content' }}
          rowKey="s"
          size="small"
          pagination={false}
          dataSource={RESULT_ORDER.map((s) => ({ s }))}
          columns={[
            { title: '', key: 'tag', width: 240, render: (_: unknown, r: { s: number }) => <StatusTag status={r.s} /> },
            { title: '', key: 'short', width: 70, render: (_: unknown, r: { s: number }) => <code>{JUDGE_STATUS_NAMES[r.s].short}</code> },
            { title: '', key: 'text', render: (_: unknown, r: { s: number }) => t(`help.explain.${r.s}`) },
          ]}
          showHeader={false}
        />
      </Card>
    </Space>
  );
}
