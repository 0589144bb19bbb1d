import { useState } from 'react';
import { Button, Card, List, Space, Typography } from 'antd';
import { ArrowLeftOutlined, NotificationOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { PAGE_SIZES, type AnnouncementRow, type Page } from '@verdict/shared';
import { api } from '../../lib/request';
import { Markdown } from '../../components/markdown/LazyMarkdown';
import { Pagination } from '../../components/Pagination';
import { EmptyState } from '../../components/States';
import './announcement.css';

/**
 * Where announcements come from: the site's (paged) by default; a contest passes its own loader
 * and `paged={false}` (spec 01 "Announcement panel": inside a contest, no pagination).
 */
export interface AnnouncementSource {
  key: readonly unknown[];
  load: (page: number, limit: number) => Promise<Page<AnnouncementRow> | AnnouncementRow[]>;
  paged?: boolean;
}

export const siteAnnouncements: AnnouncementSource = {
  key: ['common-announcement'],
  load: (currentPage, limit) => api.get<Page<AnnouncementRow>>('/get-common-announcement', { currentPage, limit }, { quiet: true }),
};

const when = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** Announcement list with pagination and a detail view (back and refresh buttons). */
export function AnnouncementPanel({ source = siteAnnouncements, title }: { source?: AnnouncementSource; title?: string }) {
  const { t } = useTranslation();
  const paged = source.paged !== false;
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const q = useQuery({ queryKey: [...source.key, paged ? page : 0], queryFn: () => source.load(page, PAGE_SIZES.announcement) });
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
    <Card
      className="announcement-panel"
      title={
        <span>
          <NotificationOutlined style={{ color: '#2557e0', marginRight: 8 }} />
          {open ? open.title : (title ?? t('announcement.title'))}
        </span>
      }
      extra={extra}
      data-testid="announcement-panel"
    >
      {open ? (
        <div className="announcement-detail">
          <Typography.Text type="secondary" className="announcement-meta">
            {t('announcement.by')} {open.username} · {when(open.gmtCreate)}
          </Typography.Text>
          <Markdown source={open.content} />
        </div>
      ) : (
        <>
          <List
            loading={q.isLoading}
            dataSource={rows}
            locale={{ emptyText: <EmptyState text={t('announcement.empty')} /> }}
            renderItem={(r) => (
              <List.Item className="announcement-item" onClick={() => setOpenId(r.id)} extra={<span className="announcement-date">{when(r.gmtCreate)}</span>}>
                <a className="announcement-title">{r.title}</a>
              </List.Item>
            )}
          />
          {paged && <Pagination total={total} current={page} pageSize={PAGE_SIZES.announcement} showSizeChanger={false} onChange={(p) => setPage(p)} />}
        </>
      )}
    </Card>
  );
}
