import { useEffect, useState } from 'react';
import { Button, Card, Input, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined, StarFilled, StarOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTEST_PAGE_SIZES, CONTEST_TIMING, ContestStatus, ContestType, type AcmCell, type Page, type ScoreboardRecord } from '@verdict/shared';
import { Pagination } from '../../components';
import { liveStatus, useLiveSignal } from '../../lib/live';
import { download } from '../../lib/request';
import { toast } from '../../lib/feedback';
import { clock, contestRankQuery, type Contest, type RankQuery } from '../contest';
import { useRatingColors } from '../rank';
import { useAuth } from '../../stores/user';
import { useFollowedUsers } from './follows';
import { ExcludedRank } from './excluded/ExcludedRank';
import './scoreboard.css';
import './virtual.css';

/** Rank data younger than this covers the live stream's opening signal. */
const RANK_FRESH_MS = 1000;
/** Up to this long (random) between a rank signal and the refetch. */
const RANK_SPREAD_MS = 500;

export interface BoardProblem { pid: number; displayId: string; color: string | null; ac?: number | null; total?: number | null }

export interface ScoreboardProps {
  contest: Contest;
  problems: BoardProblem[];
  load: (q: RankQuery) => Promise<Page<ScoreboardRecord>>;
  status: number;
  containsEnd?: boolean;
  /** Contest admins may force a rebuild of the rank. */
  isAdmin?: boolean;
  /** The participant's rank tab may export a spreadsheet. */
  canExport?: boolean;
  /** The public scoreboard (its live stream needs no login). */
  publicBoard?: boolean;
  /**
   * The virtual scoreboard (issue 30): rows carry `virtual`; the real participants (ghosts, as they
   * stood at the runner's elapsed time) and the virtual runners are told apart; no star filter, no export.
   */
  virtualBoard?: boolean;
}

type BoardRow = ScoreboardRecord & { virtual?: boolean };

/** ACM and OI rank table with keyword, star users, followed users, 30 s refresh and export (spec 02 §2). */
export function Scoreboard({ contest, problems, load, status, containsEnd = false, isAdmin = false, canExport = false, publicBoard = false, virtualBoard = false }: ScoreboardProps) {
  const { t } = useTranslation();
  const me = useAuth().user?.uid;
  const [page, setPage] = useState({ current: 1, size: CONTEST_PAGE_SIZES.scoreboard as number });
  const [keyword, setKeyword] = useState('');
  const [showStar, setShowStar] = useState(true);
  const [auto, setAuto] = useState(status === ContestStatus.RUNNING);
  const [force, setForce] = useState(0);
  const follows = useFollowedUsers(contest.id);
  const liveUp = liveStatus.use((s) => s.connected);
  const q: RankQuery = {
    cid: contest.id, currentPage: page.current, limit: page.size, keyword: keyword || undefined,
    removeStar: !showStar, containsEnd, concernedList: follows.ids,
  };
  const rank = useQuery({
    ...contestRankQuery(q, force, load),
    // The 30 s refresh is the fallback while the live stream is down.
    refetchInterval: auto && !liveUp ? CONTEST_TIMING.scoreboardRefreshMs : false,
    retry: false,
  });
  // A live "rank changed" signal refetches within half a second (spread so that every viewer of the
  // contest does not ask at the same moment; at most once a second); the rank call applies the seal.
  // The stream's opening signal is skipped while this page's own fetch is fresh (one fetch on opening).
  useLiveSignal(auto ? { cid: contest.id, board: publicBoard } : null, ['rank'], () => void rank.refetch(), 1000,
    () => rank.isFetching || Date.now() - rank.dataUpdatedAt < RANK_FRESH_MS, RANK_SPREAD_MS);
  // Auto refresh stops on an error and once the contest is over.
  useEffect(() => {
    if (rank.isError && auto) {
      setAuto(false);
      toast('error', t('scoreboard.refreshStopped'));
    }
  }, [rank.isError, auto, t]);
  useEffect(() => {
    if (status === ContestStatus.ENDED) setAuto(false);
  }, [status]);

  const rows: BoardRow[] = rank.data?.records ?? [];
  const colorOf = useRatingColors(rows.map((r) => r.uid));
  const isACM = contest.type === ContestType.ACM;
  const awardStyle = (r: ScoreboardRecord) => (r.isWinAward && r.awardBackground ? { background: r.awardBackground, color: r.awardColor ?? '#fff' } : undefined);
  const columns = [
    {
      title: t('scoreboard.rank'), width: 70, key: 'rank',
      render: (_: unknown, r: ScoreboardRecord) => (r.excludedReason != null ? <ExcludedRank reason={r.excludedReason} /> : r.isStar ? <Tag>{t('scoreboard.starMark')}</Tag> : <span className="board-rank">{r.rank}</span>),
    },
    {
      title: t('scoreboard.user'), key: 'user', width: 220,
      render: (_: unknown, r: ScoreboardRecord) => (
        <Space size={4}>
          <Tooltip title={follows.ids.includes(r.uid) ? t('scoreboard.unfollow') : t('scoreboard.follow')}>
            <span className="board-follow" onClick={() => follows.toggle(r.uid)} role="button" aria-label={t('scoreboard.follow')}>
              {follows.ids.includes(r.uid) ? <StarFilled style={{ color: '#f5a623' }} /> : <StarOutlined />}
            </span>
          </Tooltip>
          <span className="board-user" style={awardStyle(r) ?? (colorOf(r.uid) ? { color: colorOf(r.uid), fontWeight: 600 } : undefined)} title={r.awardName ?? undefined} data-testid="board-user">{r.showName || r.username}</span>
          {r.school && <Typography.Text type="secondary" className="board-school">{r.school}</Typography.Text>}
          {virtualBoard && ((r as BoardRow).virtual
            ? <Tag color="purple" className="board-virtual-tag" data-testid="board-virtual">{t('scoreboard.virtual')}</Tag>
            : <Tooltip title={t('scoreboard.ghostTip')}><Tag className="board-ghost-tag" data-testid="board-ghost">{t('scoreboard.ghost')}</Tag></Tooltip>)}
        </Space>
      ),
    },
    ...(isACM
      ? [
          { title: t('scoreboard.solved'), key: 'ac', width: 70, render: (_: unknown, r: ScoreboardRecord) => <b data-testid="board-solved">{r.ac}</b> },
          { title: t('scoreboard.penalty'), key: 'penalty', width: 100, render: (_: unknown, r: ScoreboardRecord) => <span data-testid="board-penalty">{Math.floor(r.totalTime / 60)}</span> },
        ]
      : [{ title: t('scoreboard.totalScore'), key: 'score', width: 90, render: (_: unknown, r: ScoreboardRecord) => <b data-testid="board-score">{r.totalScore}</b> }]),
    ...problems.map((p) => ({
      key: `p${p.pid}`,
      width: 90,
      align: 'center' as const,
      title: (
        <div className="board-problem-head">
          {p.color && <span className="contest-balloon" style={{ background: p.color }} />}
          <span>{p.displayId}</span>
          {p.ac != null && <div className="board-problem-count">{p.ac}/{p.total}</div>}
        </div>
      ),
      onCell: (r: ScoreboardRecord) => ({ className: isACM ? acmCellClass(r.submissionInfo[p.displayId] as AcmCell | undefined) : '' }),
      render: (_: unknown, r: ScoreboardRecord) => (isACM ? <AcmCellView cell={r.submissionInfo[p.displayId] as AcmCell | undefined} /> : <OiCellView score={r.submissionInfo[p.displayId] as number | undefined} time={r.timeInfo?.[p.displayId]} />),
    })),
  ];

  return (
    <Card
      className="scoreboard"
      extra={
        <Space wrap>
          <Input.Search allowClear placeholder={t('scoreboard.keyword')} onSearch={(v) => { setKeyword(v.trim()); setPage({ ...page, current: 1 }); }} style={{ width: 240 }} />
          {!virtualBoard && <Space size={4}><Switch size="small" checked={showStar} onChange={setShowStar} data-testid="board-star" />{t('scoreboard.star')}</Space>}
          {status !== ContestStatus.ENDED && <Space size={4}><Switch size="small" checked={auto} onChange={setAuto} />{t('scoreboard.autoRefresh')}</Space>}
          <Button icon={<ReloadOutlined />} onClick={() => void rank.refetch()}>{t('scoreboard.refresh')}</Button>
          {isAdmin && <Button icon={<SyncOutlined />} onClick={() => setForce((n) => n + 1)} data-testid="board-force">{t('scoreboard.forceRefresh')}</Button>}
          {canExport && (
            <Button icon={<DownloadOutlined />} onClick={() => void download('/export-contest-rank', { cid: contest.id, removeStar: !showStar || undefined, containsEnd: containsEnd || undefined }, `contest_${contest.id}_rank.xlsx`)}>
              {t('scoreboard.export')}
            </Button>
          )}
        </Space>
      }
    >
      <Table<BoardRow>
        rowKey={(r) => `${r.isConcerned ? 'c' : 'r'}${r.virtual ? 'v' : ''}${r.uid}`}
        loading={rank.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        size="small"
        rowClassName={(r) => [r.isConcerned && 'board-row-followed', virtualBoard && (r.virtual ? 'board-row-virtual' : 'board-row-ghost'),
          virtualBoard && r.virtual && r.uid === me && 'board-row-me'].filter(Boolean).join(' ')}
        onRow={(r) => ({ 'data-testid': 'board-row', 'data-virtual': virtualBoard ? String(!!r.virtual) : undefined }) as React.HTMLAttributes<HTMLTableRowElement>}
        locale={{ emptyText: t('scoreboard.empty') }}
      />
      <Pagination total={rank.data?.total ?? 0} current={page.current} pageSize={page.size} sizes={CONTEST_PAGE_SIZES.scoreboardOptions}
        onChange={(current, size) => setPage({ current, size })} />
    </Card>
  );
}

function acmCellClass(c: AcmCell | undefined): string {
  if (!c) return '';
  if (c.isAC) return c.isFirstAC ? 'board-first-ac' : 'board-ac';
  if (c.isAfterContest || (c.tryNum ?? 0) > 0) return 'board-tried';
  return c.errorNum > 0 ? 'board-wa' : '';
}

function AcmCellView({ cell }: { cell: AcmCell | undefined }) {
  if (!cell) return null;
  return (
    <div className="board-cell" data-testid="board-cell">
      {cell.isAC && cell.ACTime != null && <div>{clock(cell.ACTime * 1000)}</div>}
      {cell.errorNum > 0 && <div className="board-cell-err">(-{cell.errorNum})</div>}
      {(cell.tryNum ?? 0) > 0 && <div className="board-cell-try">(?{cell.tryNum})</div>}
    </div>
  );
}

function OiCellView({ score, time }: { score: number | undefined; time: number | undefined }) {
  if (score === undefined) return null;
  return (
    <div className="board-cell" data-testid="board-cell">
      <span className={score > 0 ? 'board-oi-score' : 'board-oi-zero'}>{score}</span>
      {time != null && <div className="board-cell-time">{time} ms</div>}
    </div>
  );
}
