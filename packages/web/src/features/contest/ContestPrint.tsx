import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { CONTEST_PAGE_SIZES, CONTEST_TIMING, LIMITS } from '@verdict/shared';
import { Pagination } from '../../components';
import { toast } from '../../lib/feedback';
import { download } from '../../lib/request';
import { contestExtraApi, type PrintRow } from './api';
import { useContest } from './context';

/** /contest/{id}/print: participants send text to print (≥ 50 characters); contest admins see the queue. */
export function ContestPrint() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContest();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!contest.openPrint) return <Alert type="warning" showIcon message={t('contest.printClosed')} />;
  const send = async () => {
    if (text.trim().length < LIMITS.printMin) return toast('error', t('contest.printTooShort', { n: LIMITS.printMin }));
    setBusy(true);
    try {
      await contestExtraApi.print(contest.id, text);
      toast('success', t('contest.printSent'));
      setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card title={t('contest.print')}>
        <Input.TextArea rows={14} value={text} onChange={(e) => setText(e.target.value)} placeholder={t('contest.printPlaceholder', { n: LIMITS.printMin })} style={{ fontFamily: 'monospace' }} />
        <Button type="primary" style={{ marginTop: 12 }} loading={busy} onClick={() => void send()}>{t('contest.printSubmit')}</Button>
      </Card>
      {isAdmin && <PrintQueue cid={contest.id} />}
    </Space>
  );
}

function PrintQueue({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['contest-print', cid, page],
    queryFn: () => contestExtraApi.printList(cid, page, CONTEST_PAGE_SIZES.printAdmin),
    refetchInterval: CONTEST_TIMING.printRefreshMs,
  });
  const done = async (r: PrintRow) => {
    await contestExtraApi.printDone(cid, r.id);
    void list.refetch();
  };
  return (
    <Card title={t('contest.printQueue')}>
      <Table<PrintRow>
        rowKey="id" loading={list.isLoading} dataSource={list.data?.records ?? []} pagination={false}
        columns={[
          { title: t('scoreboard.user'), render: (_, r) => `${r.username}${r.realname ? ` (${r.realname})` : ''}` },
          { title: t('contest.printTime'), render: (_, r) => dayjs(r.gmtCreate).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('contest.status'), render: (_, r) => (r.status === 1 ? <Tag color="green">{t('contest.printed')}</Tag> : <Tag color="orange">{t('contest.printPending')}</Tag>) },
          {
            title: '', render: (_, r) => (
              <Space>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void download('/file/download-contest-print-text', { id: r.id }, `print_${r.id}.txt`)}>{t('contest.download')}</Button>
                {r.status !== 1 && <Button size="small" type="primary" onClick={() => void done(r)}>OK</Button>}
              </Space>
            ),
          },
        ]}
      />
      <Pagination total={list.data?.total ?? 0} current={page} pageSize={CONTEST_PAGE_SIZES.printAdmin} showSizeChanger={false} onChange={(p) => setPage(p)} />
    </Card>
  );
}
