import { Spin } from 'antd';
import { CrownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { acRankQuery } from './api';
import { UserAvatar } from '../../components/UserAvatar';
import { EmptyState } from '../../components/States';
import { Panel } from '../../components/Panel';

const MEDALS = ['#f5b700', '#a8b3c1', '#cd7f32'];

/** Users by distinct problems accepted in the last 7 days (a plain table: no sorting or paging to need antd's). */
export function AcRank() {
  const { t } = useTranslation();
  const q = useQuery(acRankQuery());
  const rows = q.data ?? [];
  return (
    <Panel
      title={
        <span>
          <CrownOutlined style={{ color: '#f5b700', marginRight: 8 }} />
          {t('home.acRank')}
        </span>
      }
      bodyPadding={false}
      testId="ac-rank"
    >
      {q.isLoading ? <div className="panel-loading"><Spin /></div> : rows.length ? (
        <div className="home-table-wrap">
          <table className="home-table">
            <thead>
              <tr>
                <th className="home-table-center" style={{ width: 48 }}>#</th>
                <th>{t('home.user')}</th>
                <th className="home-table-right" style={{ width: 72 }}>{t('home.acCount')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.uid}>
                  <td className="home-table-center">
                    <span className="home-rank-no" style={{ background: MEDALS[i] ?? 'var(--v-bg-hover)', color: i < 3 ? '#1f2937' : 'var(--v-text-2)' }}>{i + 1}</span>
                  </td>
                  <td>
                    <Link to={`/user-home?username=${encodeURIComponent(r.username)}`} className="home-rank-user">
                      <UserAvatar username={r.username} src={r.avatar} size={24} />
                      <span>{r.username}</span>
                    </Link>
                  </td>
                  <td className="home-table-right">{r.ac}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : <EmptyState text={t('home.noRank')} />}
    </Panel>
  );
}
