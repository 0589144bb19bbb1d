import { Card, Col, Empty, Row, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserHomeInfo } from '@verdict/shared';

const DIFFICULTY_COLORS = { easy: 'green', mid: 'gold', hard: 'red' } as const;

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
          {(['easy', 'mid', 'hard'] as const).map((k) => (
            <Tag key={k} color={DIFFICULTY_COLORS[k]} className="uh-difficulty-tag">
              {t(`user.difficulty.${k}`)}: {groups[k].length}
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
