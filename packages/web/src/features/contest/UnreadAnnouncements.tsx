import { useEffect, useState } from 'react';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTEST_TIMING } from '@verdict/shared';
import { Markdown } from '../../components';
import { subscribeLive } from '../../lib/live';
import { contestExtraApi } from './api';
import { markRead, readIds } from './readAnnouncements';

/**
 * Every 60 s while the contest page is open, new announcements pop up once; their ids are then
 * marked read. A live signal checks at once.
 */
export function UnreadAnnouncements({ cid, enabled }: { cid: number; enabled: boolean }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<{ id: number; title: string; content: string }[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const check = async () => {
      try {
        const rows = await contestExtraApi.unread(cid, readIds(cid));
        if (!stopped && rows.length) setItems(rows);
      } catch {
        // A failed check waits for the next tick; the page itself shows errors.
      }
    };
    void check();
    const h = setInterval(() => void check(), CONTEST_TIMING.announcementCheckMs);
    const off = subscribeLive({ cid }, (event) => {
      if (event === 'announcement' || event === 'resync') void check();
    });
    return () => {
      stopped = true;
      clearInterval(h);
      off();
    };
  }, [cid, enabled]);
  const close = () => {
    markRead(cid, items.map((i) => i.id));
    setItems([]);
  };
  return (
    <Modal open={items.length > 0} onOk={close} onCancel={close} cancelButtonProps={{ style: { display: 'none' } }} title={t('contest.newAnnouncement')}>
      {items.map((a) => (
        <div key={a.id} data-testid="unread-announcement">
          <Typography.Title level={5}>{a.title}</Typography.Title>
          <Markdown source={a.content} />
        </div>
      ))}
    </Modal>
  );
}
