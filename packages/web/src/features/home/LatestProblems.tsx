import { Card, List } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { getRecentProblems } from './api';
import { EmptyState } from '../../components/States';

/** The most recently updated public problems; a click opens the problem. */
export function LatestProblems() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['recent-updated-problem'], queryFn: getRecentProblems });
  return (
    <Card
      title={
        <span>
          <FileTextOutlined style={{ color: '#19a05c', marginRight: 8 }} />
          {t('home.latestProblems')}
        </span>
      }
      data-testid="latest-problems"
    >
      <List
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        locale={{ emptyText: <EmptyState text={t('home.noProblem')} /> }}
        renderItem={(p) => (
          <List.Item className="home-problem" extra={<span className="home-muted">{dayjs(p.gmtModified).format('MM-DD')}</span>}>
            <Link to={`/problem/${encodeURIComponent(p.problemId)}`} className="home-problem-link">
              <span className="home-problem-id">{p.problemId}</span>
              <span className="home-problem-title">{p.title}</span>
            </Link>
          </List.Item>
        )}
      />
    </Card>
  );
}
