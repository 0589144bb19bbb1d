import { useState } from 'react';
import { Alert, Card, Switch, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { CONTEST_PAGE_SIZES, CONTEST_TIMING, ContestType } from '@verdict/shared';
import { Pagination } from '../../components';
import { acInfoQuery, contestExtraApi, type AcInfoRow } from './api';
import { useContest } from './context';

/** /contest/{id}/ac-info (contest admins, ACM): accepted problems to deliver balloons for, refreshed every 10 s. */
export function ContestAcInfo() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContest();
  const [page, setPage] = useState(1);
  const enabled = isAdmin && contest.type === ContestType.ACM;
  const list = useQuery({
    ...acInfoQuery(contest.id, page, CONTEST_PAGE_SIZES.acInfo),
    refetchInterval: CONTEST_TIMING.acInfoRefreshMs,
    enabled,
  });
  if (!enabled) return <Alert type="warning" showIcon message={t('contest.acInfoOnly')} />;
  const toggle = async (r: AcInfoRow, checked: boolean) => {
    await contestExtraApi.checkAcInfo(contest.id, r.id, checked);
    void list.refetch();
  };
  return (
    <Card title={t('contest.acInfo')}>
      <Table<AcInfoRow> scroll={{ x: 'max-content' }}
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false}
        columns={[
          { title: t('contest.acTime'), render: (_, r) => dayjs(r.submitTime).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('contest.displayId'), render: (_, r) => <span>{r.color && <span className="contest-balloon" style={{ background: r.color }} />}{r.displayId}</span> },
          { title: t('contest.firstBlood'), render: (_, r) => (r.firstBlood ? <Tag color="green">{t('contest.firstBlood')}</Tag> : null) },
          { title: t('scoreboard.user'), render: (_, r) => `${r.username}${r.realname ? ` (${r.realname})` : ''}` },
          { title: t('contest.checked'), render: (_, r) => <Switch checked={r.checked} onChange={(v) => void toggle(r, v)} /> },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={CONTEST_PAGE_SIZES.acInfo} showSizeChanger={false} onChange={(p) => setPage(p)} />
    </Card>
  );
}
