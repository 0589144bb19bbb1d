import { Card, Col, Empty, Row, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserHomeInfo } from '@verdict/shared';

/** HOJ's difficulty keys of solvedGroupByDifficulty ('0', '1', '2'), with our label and colour. */
const DIFFICULTIES = [
  { key: '0', name: 'easy', color: 'green' },
  { key: '1', name: 'mid', color: 'gold' },
  { key: '2', name: 'hard', color: 'red' },
] as const;

/** Numbers, solved-by-difficulty and the list of solved problems (each opens the problem). */
export function SolvedStats({ info }: { info: UserHomeInfo }) {
  const { t } = useTranslation();
  const score = info.scoreList.reduce((a, b) => a + b, 0);
  const groups = info.solvedGroupByDifficulty;
  return (
    <>
      <Card className="uh-card">
        <Row gutter={[16, 16]} className="uh-numbers" data-testid="user-numbers">
          <Col xs={12} md={6}>
            <Statistic title={t('user.solved')} value={info.solvedList.length} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('user.submissions')} value={info.total} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('user.rating')} value={info.rating} precision={2} suffix="%" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('user.score')} value={score} />
          </Col>
        </Row>
      </Card>
      <Card className="uh-card" title={t('user.solvedProblems')}>
        <div className="uh-difficulty">
          {DIFFICULTIES.map((d) => (
            <Tag key={d.key} color={d.color} className="uh-difficulty-tag">
              {t(`user.difficulty.${d.name}`)}: {groups[d.key]?.length ?? 0}
            </Tag>
          ))}
        </div>
        {info.solvedList.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.noSolved')} />
        ) : (
          <div className="uh-solved-list" data-testid="solved-list">
            {info.solvedList.map((pid) => (
              <Link key={pid} to={`/problem/${encodeURIComponent(pid)}`} className="uh-solved-item">
                {pid}
              </Link>
            ))}
          </div>
        )}
      </Card>
    </>
  );
}
