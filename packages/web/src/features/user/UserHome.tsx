import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components';
import { openAuthModal, useAuth } from '../../stores/user';
import { useCalendarHeatmap, useUserHomeInfo, type UserRef } from './api';
import { ProfileCard } from './ProfileCard';
import { SolvedStats } from './SolvedStats';
import { CalendarHeatmap } from './CalendarHeatmap';
import { UserRankAndTrainings } from '../training';
import { RatingCard } from './rating/RatingCard';
import { VirtualRuns } from './rating/VirtualRuns';
import './user-home.css';

function useUserRef(): UserRef {
  const [sp] = useSearchParams();
  const uid = Number(sp.get('uid'));
  const username = sp.get('username')?.trim();
  return { uid: Number.isInteger(uid) && uid > 0 ? uid : undefined, username: username || undefined };
}

/** /user-home?uid=&username= : a user's profile, solved statistics and last-year heatmap. */
export default function UserHome() {
  const { t } = useTranslation();
  const ref = useUserRef();
  const auth = useAuth();
  const navigate = useNavigate();
  const anonymousSelf = !ref.uid && !ref.username && !auth.token;
  const info = useUserHomeInfo(ref, !anonymousSelf);
  const heat = useCalendarHeatmap(ref, !!info.data);

  if (anonymousSelf) {
    return (
      <Result
        status="info"
        title={t('user.loginToSeeOwn')}
        extra={<Button type="primary" onClick={() => openAuthModal('login')}>{t('user.login')}</Button>}
      />
    );
  }
  if (info.isLoading) return <PageLoading />;
  if (!info.data) {
    return (
      <Result
        status="404"
        title={t('user.notFound')}
        extra={<Button onClick={() => navigate('/home')}>{t('user.goHome')}</Button>}
      />
    );
  }
  return (
    <div className="uh-page">
      <ProfileCard info={info.data} />
      <SolvedStats info={info.data} />
      <RatingCard uid={info.data.uid} />
      <UserRankAndTrainings uid={info.data.uid} />
      <Card className="uh-card" title={t('user.heatmapTitle')} data-testid="user-heatmap">
        {heat.data ? <CalendarHeatmap data={heat.data} /> : <Skeleton active paragraph={{ rows: 3 }} />}
      </Card>
      <VirtualRuns uid={info.data.uid} />
    </div>
  );
}
