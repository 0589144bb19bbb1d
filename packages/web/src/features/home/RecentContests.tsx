import { Spin } from 'antd';
import { LockOutlined, TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ContestAuth, ContestStatus, ContestType } from '@verdict/shared';
import { recentContestsQuery, recentOtherContestsQuery, type HomeContest } from './api';
import { EmptyState } from '../../components/States';
import { Panel } from '../../components/Panel';
import { openAuthModal, useAuth } from '../../stores/user';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n';

const STATUS_CLASS: Record<number, string> = { [ContestStatus.SCHEDULED]: 'plain-tag plain-tag-blue', [ContestStatus.RUNNING]: 'plain-tag plain-tag-green', [ContestStatus.ENDED]: 'plain-tag' };
const STATUS_KEY: Record<number, string> = { [ContestStatus.SCHEDULED]: 'home.scheduled', [ContestStatus.RUNNING]: 'home.running', [ContestStatus.ENDED]: 'home.ended' };

function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const minutes = Math.round(ms / 60_000);
    return minutes % 60 === 0 ? t('home.hours', { n: minutes / 60 }) : minutes > 60 ? `${t('home.hours', { n: Math.floor(minutes / 60) })} ${t('home.minutes', { n: minutes % 60 })}` : t('home.minutes', { n: minutes });
  };
}

/** Recent contests; opening one needs a login (spec 01 "Home": otherwise a warning and the login dialog). */
export function RecentContests() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const duration = useDuration();
  const recent = useQuery(recentContestsQuery());
  const ended = useQuery(recentOtherContestsQuery());

  const open = (c: HomeContest) => {
    if (!isLoggedIn) {
      toast('warning', msg('loginFirst'));
      openAuthModal('login');
      return;
    }
    navigate(`/contest/${c.id}`);
  };

  const row = (c: HomeContest) => (
    <li key={c.id} className="home-contest" onClick={() => open(c)} data-testid="home-contest">
      <div className="home-contest-main">
        <div className="home-contest-title">
          <TrophyOutlined style={{ color: c.type === ContestType.OI ? '#e8a317' : '#2557e0' }} />
          <button type="button" className="link-button">{c.title}</button>
          {c.auth !== ContestAuth.PUBLIC && <LockOutlined style={{ color: c.auth === ContestAuth.PRIVATE ? '#e5484d' : '#f59e0b' }} />}
        </div>
        <div className="home-contest-meta">
          {dayjs(c.startTime).format('YYYY-MM-DD HH:mm')} · {duration(c.endTime - c.startTime)}
        </div>
      </div>
      <div className="home-contest-tags">
        <span className="plain-tag">{c.type === ContestType.OI ? t('home.oi') : t('home.acm')}</span>
        <span className={STATUS_CLASS[c.status] ?? 'plain-tag'}>{t(STATUS_KEY[c.status] ?? 'home.ended')}</span>
      </div>
    </li>
  );

  const endedRows = ended.data ?? [];
  const recentRows = recent.data ?? [];
  return (
    <Panel
      title={
        <span>
          <TrophyOutlined style={{ color: '#e8a317', marginRight: 8 }} />
          {t('home.recentContests')}
        </span>
      }
      testId="recent-contests"
    >
      {recent.isLoading ? <div className="panel-loading"><Spin /></div>
        : recentRows.length ? <ul className="plain-list">{recentRows.map(row)}</ul> : <EmptyState text={t('home.noContest')} />}
      {endedRows.length > 0 && (
        <>
          <div className="home-subhead">{t('home.endedContests')}</div>
          <ul className="plain-list">{endedRows.map(row)}</ul>
        </>
      )}
    </Panel>
  );
}
