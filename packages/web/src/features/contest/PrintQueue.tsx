import { useState } from 'react';
import { Button, Card, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { CONTEST_PAGE_SIZES, CONTEST_TIMING } from '@verdict/shared';
import { Pagination } from '../../components';
import { toast } from '../../lib/feedback';
import { download } from '../../lib/request';
import { contestExtraApi, printQueueQuery, type PrintRow } from './api';

/** The contest admins' print queue: 15 a page, refreshed every 10 s, mark printed ("OK"), download the text. */
export function PrintQueue({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...printQueueQuery(cid, page, CONTEST_PAGE_SIZES.printAdmin),
    refetchInterval: CONTEST_TIMING.printRefreshMs,
  });
  const done = async (r: PrintRow) => {
    await contestExtraApi.printDone(cid, r.id);
    toast('success', t('contest.printMarked'));
    void list.refetch();
  };
  return (
    <Card title={t('contest.printQueue')} data-testid="print-queue">
      <Table<PrintRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false} scroll={{ x: 'max-content' }}
        columns={[
          { title: t('scoreboard.user'), render: (_, r) => `${r.username}${r.realname ? ` (${r.realname})` : ''}` },
          { title: t('contest.printTime'), render: (_, r) => dayjs(r.gmtCreate).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('contest.status'), render: (_, r) => (r.status === 1 ? <Tag color="green">{t('contest.printed')}</Tag> : <Tag color="orange">{t('contest.printPending')}</Tag>) },
          {
            title: t('contest.option'), render: (_, r) => (
              <Space>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void download('/file/download-contest-print-text', { id: r.id }, `print_${r.id}.txt`)}>{t('contest.download')}</Button>
                {r.status !== 1 && <Button size="small" type="primary" onClick={() => void done(r)} data-testid={`print-ok-${r.id}`}>OK</Button>}
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={CONTEST_PAGE_SIZES.printAdmin} showSizeChanger={false} onChange={(p) => setPage(p)} />
    </Card>
  );
}
