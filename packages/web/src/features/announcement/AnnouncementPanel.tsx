import { useState } from 'react';
import { Button, Space, Spin } from 'antd';
import { ArrowLeftOutlined, NotificationOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '@verdict/shared';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Markdown } from '../../components/markdown/LazyMarkdown';
import { Pager } from '../../components/Pager';
import { Panel } from '../../components/Panel';
import { EmptyState } from '../../components/States';
import './announcement.css';

import { announcementsQuery, siteAnnouncements, type AnnouncementSource } from './api';

const when = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** Announcement list with pagination and a detail view (back and refresh buttons). */
export function AnnouncementPanel({ source = siteAnnouncements, title }: { source?: AnnouncementSource; title?: string }) {
  const { t } = useTranslation();
  const paged = source.paged !== false;
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useQuery(announcementsQuery(source, page));
  const data = q.data;
  const rows = Array.isArray(data) ? data : (data?.records ?? []);
  const total = Array.isArray(data) ? data.length : (data?.total ?? 0);
  const open = rows.find((r) => r.id === openId) ?? null;

  const extra = open ? (
    <Space>
      <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => setOpenId(null)} data-testid="announcement-back">
        {t('announcement.back')}
      </Button>
      <Button size="small" icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()}>
        {t('announcement.refresh')}
      </Button>
    </Space>
  ) : (
    <Button size="small" type="text" icon={<ReloadOutlined />} loading={q.isFetching} onClick={() => void q.refetch()} aria-label={t('announcement.refresh')} />
  );

  return (
    <Panel
      className="announcement-panel"
      title={
        <span>
          <NotificationOutlined style={{ color: '#2557e0', marginRight: 8 }} />
          {open ? open.title : (title ?? t('announcement.title'))}
        </span>
      }
      extra={extra}
      testId="announcement-panel"
    >
      {open ? (
        <div className="announcement-detail">
          <span className="announcement-meta">
            {t('announcement.by')} {open.username} · {when(open.gmtCreate)}
          </span>
          <Markdown source={open.content} />
        </div>
      ) : (
        <>
          {q.isLoading ? (
            <div className="panel-loading"><Spin /></div>
          ) : rows.length ? (
            <ul className="plain-list">
              {rows.map((r) => (
                <li key={r.id} className="announcement-item" onClick={() => setOpenId(r.id)}>
                  {/* A real button: the list opens from the keyboard too. */}
                  <button type="button" className="announcement-title link-button">{r.title}</button>
                  <span className="announcement-date">{when(r.gmtCreate)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState text={t('announcement.empty')} />
          )}
          {paged && <Pager total={total} current={page} pageSize={PAGE_SIZES.announcement} onChange={(p) => setPage(p)} />}
        </>
      )}
    </Panel>
  );
}
