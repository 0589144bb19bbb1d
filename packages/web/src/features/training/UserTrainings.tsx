import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rankPositionQuery, userTrainingsQuery } from './api';
import { TrainingAuthTag } from './TrainingTags';
import './training.css';


/** User home: the user's global rank positions and the trainings they progressed in. */
export function UserRankAndTrainings({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const ranks = useQuery(rankPositionQuery(uid));
  const trainings = useQuery(userTrainingsQuery(uid));
  const pos = (n: number | null | undefined) => (n ? `#${n}` : '-');
  return (
    <Card className="uh-card" title={t('training.userPanel')} data-testid="user-rank-trainings">
      <Row gutter={16} style={{ marginBottom: 12 }}>
        <Col span={12}><Link to="/acm-rank"><Statistic title={t('training.acmPosition')} value={pos(ranks.data?.acmRank)} /></Link></Col>
        <Col span={12}><Link to="/oi-rank"><Statistic title={t('training.oiPosition')} value={pos(ranks.data?.oiRank)} /></Link></Col>
      </Row>
      {(trainings.data ?? []).length === 0
        ? <Typography.Text type="secondary">{t('training.noneYet')}</Typography.Text>
        : (trainings.data ?? []).map((tr) => (
            <div key={tr.tid} className="user-training-row">
              <Link to={`/training/${tr.tid}`}>{tr.title}</Link> <TrainingAuthTag auth={tr.auth} />
              <Progress percent={tr.problemCount ? Math.round((tr.acCount / tr.problemCount) * 100) : 0} size="small" format={() => `${tr.acCount}/${tr.problemCount}`} />
            </div>
          ))}
    </Card>
  );
}
