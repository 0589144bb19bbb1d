import { Card, Descriptions } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { dbRedisQuery } from './api';

/** Where the data lives (read-only: set by DATABASE_URL / REDIS_URL at start; no passwords are shown). */
export function DbRedisInfo() {
  const { t } = useTranslation();
  const q = useQuery(dbRedisQuery());
  return (
    <Card title={t('admin.conf.dbTitle')} loading={q.isLoading} data-testid="db-redis-info">
      {q.data && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('admin.conf.db.kind')}>{q.data.dbKind === 'postgres' ? 'PostgreSQL' : 'SQLite'}</Descriptions.Item>
          <Descriptions.Item label={t('admin.conf.db.location')}>
            <code>{q.data.dbLocation}</code>
          </Descriptions.Item>
          <Descriptions.Item label="Redis">{q.data.redis ? <code>{q.data.redisLocation}</code> : t('admin.conf.db.noRedis')}</Descriptions.Item>
        </Descriptions>
      )}
      <div className="admin-muted" style={{ marginTop: 12 }}>
        {t('admin.conf.db.hint')}
      </div>
    </Card>
  );
}
