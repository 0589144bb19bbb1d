import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Result, Space, Spin, Tag } from 'antd';
import { CaretRightOutlined, PauseOutlined, StepForwardOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AcmCell, ScoreboardRecord } from '@verdict/shared';
import { clock } from '../contest';
import { scrollBoardQuery } from './api';
import { hideEverything, isPending, revealNext, sortRows } from './resolver';
import '../contest/contest.css';
import './scroll-board.css';

const ROW_H = 56;
const STEP_MS = 1200;

/**
 * /scrollBoard?cid=&removeStar=&medals=g&medals=s&medals=b — the ICPC resolver: starts from the table frozen
 * at the seal and reveals the sealed results problem by problem from the bottom; rows glide to their new places.
 */
export function ScrollBoard() {
  const { t } = useTranslation();
  const [sp] = useSearchParams();
  const cid = Number(sp.get('cid'));
  const removeStar = sp.get('removeStar') === 'true';
  const medalParams = sp.getAll('medals').concat(sp.getAll('medals[]')).map(Number).filter((n) => Number.isFinite(n) && n >= 0);
  const info = useQuery({ ...scrollBoardQuery(cid, removeStar), enabled: cid > 0, retry: false });
  const [rows, setRows] = useState<ScoreboardRecord[]>([]);
  const [focus, setFocus] = useState<{ uid: number; pid: string; accepted: boolean } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [done, setDone] = useState(false);
  const [replaying, setReplaying] = useState(false);

  useEffect(() => {
    if (info.data) setRows(sortRows(info.data.frozenRows));
  }, [info.data]);
  // A contest that was never sealed has nothing hidden at the seal: say so and offer a full replay.
  const nothingSealed = useMemo(() => !!info.data && !info.data.frozenRows.some((r) => Object.values(r.submissionInfo).some((c) => isPending(c as AcmCell))), [info.data]);
  const replay = () => {
    if (!info.data) return;
    setRows(hideEverything(info.data.finalRows));
    setReplaying(true);
    setDone(false);
    setFocus(null);
  };
  const finalByUid = useMemo(() => new Map((info.data?.finalRows ?? []).map((r) => [r.uid, r])), [info.data]);
  // Cells are keyed by the contest display ID.
  const pids = useMemo(() => (info.data?.problemList ?? []).map((p) => p.displayId), [info.data]);

  const step = useCallback(() => {
    const r = revealNext(rows, finalByUid, pids);
    if (!r) {
      setDone(true);
      setPlaying(false);
      setFocus(null);
      return;
    }
    setRows(r.rows);
    setFocus({ uid: r.uid, pid: r.pid, accepted: r.accepted });
  }, [rows, finalByUid, pids]);

  useEffect(() => {
    if (!playing) return;
    const h = setTimeout(step, STEP_MS);
    return () => clearTimeout(h);
  }, [playing, step]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowRight') {
        e.preventDefault();
        step();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  if (info.isLoading) return <div className="scroll-board-loading"><Spin size="large" /></div>;
  if (!info.data) return <Result status="warning" title={t('scrollBoard.noAccess')} />;
  const d = info.data;
  const [gold, silver, bronze] = medalParams.length === 3 ? medalParams : [d.medals.gold, d.medals.silver, d.medals.bronze];
  // Ranks and medals by place among the ranked (non-star) rows.
  let place = 0;
  const placed = rows.map((r) => (r.isStar ? { r, rank: 0 } : { r, rank: ++place }));
  const pendingLeft = rows.some((r) => pids.some((p) => isPending(r.submissionInfo[p] as AcmCell | undefined)));
  // Medals appear once every sealed result is out.
  const medalOf = (rank: number) => (pendingLeft || rank === 0 ? '' : rank <= gold ? 'gold' : rank <= gold + silver ? 'silver' : rank <= gold + silver + bronze ? 'bronze' : '');

  return (
    <div className="scroll-board" data-testid="scroll-board">
      <header className="scroll-board-head">
        <h1>{d.contest.title}</h1>
        <Space>
          {nothingSealed && <Button onClick={replay} data-testid="scroll-replay">{t(replaying ? 'scrollBoard.replayAgain' : 'scrollBoard.replay')}</Button>}
          <Button icon={<StepForwardOutlined />} onClick={step} disabled={done} data-testid="scroll-step">{t('scrollBoard.next')}</Button>
          <Button icon={playing ? <PauseOutlined /> : <CaretRightOutlined />} onClick={() => setPlaying(!playing)} disabled={done}>{t(playing ? 'scrollBoard.pause' : 'scrollBoard.play')}</Button>
          <Tag color={pendingLeft ? 'orange' : 'green'} data-testid="scroll-state">{t(pendingLeft ? 'scrollBoard.sealed' : 'scrollBoard.final')}</Tag>
        </Space>
      </header>
      {nothingSealed && !replaying && (
        <Alert type="info" showIcon className="scroll-board-note" data-testid="scroll-nothing-sealed"
          message={t('scrollBoard.nothingSealed')} description={t('scrollBoard.nothingSealedHint')} />
      )}
      <div className="scroll-board-grid-head" style={{ gridTemplateColumns: gridCols(pids.length) }}>
        <span>{t('scoreboard.rank')}</span><span>{t('scoreboard.user')}</span><span>{t('scoreboard.solved')}</span><span>{t('scoreboard.penalty')}</span>
        {d.problemList.map((p) => <span key={p.pid}>{p.color && <i className="contest-balloon" style={{ background: p.color }} />}{p.displayId}</span>)}
      </div>
      <div className="scroll-board-body" style={{ height: rows.length * ROW_H }}>
        {placed.map(({ r, rank }, i) => (
          <div key={r.uid} className={`scroll-board-row medal-${medalOf(rank)} ${focus?.uid === r.uid ? 'is-focus' : ''}`}
            style={{ transform: `translateY(${i * ROW_H}px)`, gridTemplateColumns: gridCols(pids.length) }} data-testid="scroll-row">
            <span className="sb-rank">{r.isStar ? '*' : rank}</span>
            <span className="sb-name" data-testid="scroll-name">{r.showName || r.username}</span>
            <span className="sb-solved" data-testid="scroll-solved">{r.ac}</span>
            <span>{Math.floor(r.totalTime / 60)}</span>
            {pids.map((pid) => {
              const c = r.submissionInfo[pid] as AcmCell | undefined;
              const cls = !c ? '' : isPending(c) ? 'sb-pending' : c.isAC ? (c.isFirstAC ? 'sb-first' : 'sb-ac') : c.errorNum > 0 ? 'sb-wa' : '';
              const flash = focus?.uid === r.uid && focus.pid === pid ? (focus.accepted ? 'sb-flash-ac' : 'sb-flash-wa') : '';
              return (
                <span key={pid} className={`sb-cell ${cls} ${flash}`}>
                  {c && (isPending(c) ? `${c.errorNum + (c.tryNum ?? 0)} ?` : c.isAC ? `${c.errorNum + 1} / ${clock((c.ACTime ?? 0) * 1000)}` : c.errorNum > 0 ? `-${c.errorNum}` : '')}
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

const gridCols = (n: number) => `60px minmax(160px, 2fr) 60px 80px repeat(${n}, minmax(70px, 1fr))`;
