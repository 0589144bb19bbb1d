import { Progress, theme } from 'antd';

/** A similarity 0..1 as a bar and a percentage; high values take the warning and error colours of the theme. */
export function SimilarityBar({ value, width = 140 }: { value: number; width?: number }) {
  const { token } = theme.useToken();
  const pct = Math.round(value * 100);
  const color = value >= 0.8 ? token.colorError : value >= 0.6 ? token.colorWarning : token.colorPrimary;
  return (
    <div style={{ width, minWidth: 90 }} data-testid="similarity" aria-label={`${pct}%`}>
      <Progress percent={pct} size="small" strokeColor={color} format={(p) => `${p}%`} status="normal" />
    </div>
  );
}
