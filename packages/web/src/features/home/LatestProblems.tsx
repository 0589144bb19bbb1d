import { Spin } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { recentProblemsQuery } from './api';
import { EmptyState } from '../../components/States';
import { Panel } from '../../components/Panel';

/** The most recently updated public problems; a click opens the problem. */
export function LatestProblems() {
  const { t } = useTranslation();
  const q = useQuery(recentProblemsQuery());
  const rows = q.data ?? [];
  return (
    <Panel
      title={
        <span>
          <FileTextOutlined style={{ color: '#19a05c', marginRight: 8 }} />
          {t('home.latestProblems')}
        </span>
      }
      testId="latest-problems"
    >
      {q.isLoading ? <div className="panel-loading"><Spin /></div> : rows.length ? (
        <ul className="plain-list plain-list-small">
          {rows.map((p) => (
            <li key={p.problemId} className="home-problem">
              <Link to={`/problem/${encodeURIComponent(p.problemId)}`} className="home-problem-link">
                <span className="home-problem-id">{p.problemId}</span>
                <span className="home-problem-title">{p.title}</span>
              </Link>
              <span className="home-muted">{dayjs(p.gmtModified).format('MM-DD')}</span>
            </li>
          ))}
        </ul>
      ) : <EmptyState text={t('home.noProblem')} />}
    </Panel>
  );
}
