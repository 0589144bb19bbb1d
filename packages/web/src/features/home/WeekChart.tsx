import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smoothPath } from './smooth-path';

const TOTAL = '#2557e0';
const ACCEPTED = '#19a05c';
const PAD = { left: 36, right: 12, top: 12, bottom: 24 };

/** 0, a round step, ... up to at least `max`: the y-axis of a count. */
function ticks(max: number): number[] {
  const raw = Math.max(1, max) / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_v, i) => i * step);
}

/** A bar from `top` down to `bottom` with its top corners rounded (at most 4 px, less on a short bar). */
function barPath(left: number, width: number, top: number, bottom: number): string {
  const r = Math.min(4, (bottom - top) / 2, width / 2);
  return `M${left},${bottom} V${top + r} Q${left},${top} ${left + r},${top} H${left + width - r} Q${left + width},${top} ${left + width},${top + r} V${bottom} Z`;
}

/**
 * Submissions (bars) and accepted ones (line) per day, drawn as SVG: the home page's only chart
 * does not need ECharts' 170 KB on a first visit. Hovering or focusing a day shows its figures;
 * the figures are also in the SVG's accessible description.
 */
export function WeekChart({ days, total, accepted, height }: { days: string[]; total: number[]; accepted: number[]; height: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [hover, setHover] = useState<number | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth || 600));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const plotH = height - 24 - PAD.top - PAD.bottom;
  const ys = ticks(Math.max(0, ...total, ...accepted));
  const top = ys[ys.length - 1];
  const slot = (width - PAD.left - PAD.right) / Math.max(1, days.length);
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const bar = Math.min(26, slot * 0.6);
  const summary = days.map((d, i) => `${d}: ${t('home.total')} ${total[i] ?? 0}, ${t('home.accepted')} ${accepted[i] ?? 0}`).join('; ');

  return (
    <div className="home-chart" ref={box}>
      <div className="home-chart-legend" aria-hidden>
        <span><i style={{ background: TOTAL }} />{t('home.total')}</span>
        <span><i style={{ background: ACCEPTED }} />{t('home.accepted')}</span>
      </div>
      <svg width={width} height={height - 24} role="img" aria-label={`${t('home.weekStats')}: ${summary}`} onMouseLeave={() => setHover(null)}>
        {ys.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="var(--v-border)" />
            <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end" fontSize={12} fill="var(--v-text-3)">{v}</text>
          </g>
        ))}
        {days.map((d, i) => (
          <g key={d}>
            {hover === i && <rect x={x(i) - slot / 2} y={PAD.top} width={slot} height={plotH} fill="rgba(37, 87, 224, 0.06)" />}
            {(total[i] ?? 0) > 0 && <path d={barPath(x(i) - bar / 2, bar, y(total[i]), y(0))} fill={TOTAL} />}
            <text x={x(i)} y={height - 24 - 6} textAnchor="middle" fontSize={12} fill="var(--v-text-3)">{d}</text>
          </g>
        ))}
        <path d={smoothPath(accepted.map((v, i) => [x(i), y(v)]))} fill="none" stroke={ACCEPTED} strokeWidth={2} />
        {accepted.map((v, i) => <circle key={i} cx={x(i)} cy={y(v)} r={3.5} fill="var(--v-bg)" stroke={ACCEPTED} strokeWidth={2} />)}
        {days.map((d, i) => (
          <rect key={d} x={x(i) - slot / 2} y={PAD.top} width={slot} height={plotH} fill="transparent" onMouseEnter={() => setHover(i)} />
        ))}
      </svg>
      {hover !== null && (
        <div className="home-chart-tip" style={{ left: x(hover), top: 24 + y(Math.max(total[hover] ?? 0, accepted[hover] ?? 0)) - 6 }} data-testid="week-chart-tip">
          <div>{days[hover]}</div>
          <div><i style={{ color: TOTAL }}>●</i> {t('home.total')}: {total[hover] ?? 0}</div>
          <div><i style={{ color: ACCEPTED }}>●</i> {t('home.accepted')}: {accepted[hover] ?? 0}</div>
        </div>
      )}
    </div>
  );
}
