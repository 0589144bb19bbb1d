import { Badge, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { JudgeServerInfo as JudgeServerRow } from '@verdict/shared';

const langName = (l: unknown) => (typeof l === 'string' ? l : l && typeof l === 'object' && 'name' in l ? String((l as { name: unknown }).name) : String(l));

/** Judge workers with their state, load, running tasks and the languages they really have. */
export function JudgeServers({ rows, loading }: { rows: JudgeServerRow[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="admin-table-wrap">
      <Table<JudgeServerRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.dashboard.noJudge') }}
        columns={[
          { title: t('admin.dashboard.judgeName'), dataIndex: 'name', render: (v, r) => <>{v} {r.isLocal && <Tag>{t('admin.dashboard.local')}</Tag>}</> },
          {
            title: t('admin.dashboard.judgeStatus'),
            dataIndex: 'online',
            render: (v: boolean) => <Badge style={{ whiteSpace: 'nowrap' }} status={v ? 'success' : 'error'} text={v ? t('admin.dashboard.online') : t('admin.dashboard.offline')} />,
          },
          { title: t('admin.dashboard.running'), render: (_, r) => `${r.running} / ${r.slots}` },
          { title: t('admin.dashboard.cpuCores'), dataIndex: 'cpuCores' },
          { title: t('admin.dashboard.load'), dataIndex: 'load', render: (v: number | null) => (v === null || v === undefined ? '-' : v.toFixed(2)) },
          { title: t('admin.dashboard.isolation'), dataIndex: 'isolation', render: (v) => v ?? '-' },
          {
            title: t('admin.dashboard.languages'),
            dataIndex: 'languages',
            render: (v: unknown[]) => (
              <Tooltip title={v.map(langName).join(', ')}>
                <span>{t('admin.dashboard.languageCount', { n: v.length })}</span>
              </Tooltip>
            ),
          },
          { title: t('admin.dashboard.heartbeat'), dataIndex: 'lastHeartbeat', render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(v).format('YYYY-MM-DD HH:mm:ss')}</span> },
        ]}
      />
    </div>
  );
}
