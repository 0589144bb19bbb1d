import { Progress, Tooltip } from 'antd';

/** The AC rate of a problem as a bar: ac / total × 100 to 2 decimals (spec 01 §9, spec 02 §2). */
export function AcRateBar({ ac, total }: { ac: number; total: number }) {
  const rate = total ? Math.round((ac / total) * 10000) / 100 : 0;
  return (
    <Tooltip title={`${ac}/${total}`}>
      <Progress percent={rate} size="small" status="normal" strokeColor="#19a05c" format={(p) => `${(p ?? 0).toFixed(2)}%`} aria-label={`${rate.toFixed(2)}%`} />
    </Tooltip>
  );
}
