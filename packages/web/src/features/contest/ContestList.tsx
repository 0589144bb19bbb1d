import { useState } from 'react';
import { Card, Input, List, Select, Space, Typography } from 'antd';
import { CalendarOutlined, ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { CONTEST_PAGE_SIZES, ContestStatus, ContestType } from '@verdict/shared';
import { EmptyState, Pagination } from '../../components';
import { toast } from '../../lib/feedback';
import { openAuthModal, useAuth } from '../../stores/user';
import { contestListQuery, type Contest, type ContestListQuery } from './api';
import { formatDuration } from './format';
import { ContestAuthTag, ContestRuleTag, ContestStatusTag } from './status';
import { VirtualMark } from './virtual/components/VirtualMark';
import './contest.css';

/** /contest: rule, status and keyword filters; a title opens the contest only when logged in (spec 02 §2). */
export function ContestList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const [q, setQ] = useState<ContestListQuery>({ currentPage: 1, limit: CONTEST_PAGE_SIZES.list });
  const [keyword, setKeyword] = useState('');
  const list = useQuery(contestListQuery(q));

  const open = (c: Contest) => {
    if (!isLoggedIn) {
      toast('error', t('contest.loginFirst'));
      openAuthModal('login');
      return;
    }
    navigate(`/contest/${c.id}`);
  };

  return (
    <Card
      title={t('contest.list')}
      extra={
        <Space wrap>
          <Select style={{ width: 130 }} aria-label={t('contest.allRule')} value={q.type ?? ''} onChange={(v) => setQ({ ...q, type: v === '' ? undefined : Number(v), currentPage: 1 })}
            options={[{ value: '', label: t('contest.allRule') }, { value: ContestType.ACM, label: 'ACM' }, { value: ContestType.OI, label: 'OI' }]} data-testid="contest-rule-filter" />
          <Select style={{ width: 130 }} aria-label={t('contest.status')} value={q.status ?? ''} onChange={(v) => setQ({ ...q, status: v === '' ? undefined : Number(v), currentPage: 1 })}
            options={[{ value: '', label: t('contest.allStatus') },
              { value: ContestStatus.SCHEDULED, label: t('contest.scheduled') }, { value: ContestStatus.RUNNING, label: t('contest.running') }, { value: ContestStatus.ENDED, label: t('contest.ended') }]} />
          <Input.Search allowClear placeholder={t('contest.keyword')} value={keyword} onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => setQ({ ...q, keyword: v.trim() || undefined, currentPage: 1 })} style={{ width: 220 }} />
        </Space>
      }
    >
      <List
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        locale={{ emptyText: <EmptyState text={t('contest.empty')} /> }}
        renderItem={(c) => (
          <List.Item className="contest-row" data-testid="contest-row">
            <List.Item.Meta
              avatar={<div className={`contest-type-badge contest-type-${c.type}`}>{c.type === ContestType.ACM ? 'ACM' : 'OI'}</div>}
              title={<Typography.Link onClick={() => open(c)} className="contest-title">{c.title}</Typography.Link>}
              description={
                <Space wrap size={[12, 4]}>
                  <span><CalendarOutlined /> {dayjs(c.startTime).format('YYYY-MM-DD HH:mm:ss')}</span>
                  <span><ClockCircleOutlined /> {formatDuration(c.endTime - c.startTime)}</span>
                  <span><UserOutlined /> {c.count}</span>
                  <ContestRuleTag type={c.type} />
                  <ContestAuthTag auth={c.auth} />
                </Space>
              }
            />
            <Space size={4} wrap className="contest-row-marks">
              {c.status === ContestStatus.ENDED && c.virtualAllowed && <VirtualMark tip={t('virtual.listTip')} />}
              <ContestStatusTag status={c.status} />
            </Space>
          </List.Item>
        )}
      />
      <Pagination total={list.data?.total ?? 0} current={q.currentPage} pageSize={q.limit} onChange={(p, s) => setQ({ ...q, currentPage: p, limit: s })} />
    </Card>
  );
}
