import { useMemo, useRef, useState, type RefObject } from 'react';
import { Button, Card, Col, Flex, Row, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlagiarismPairDetailVo } from '@verdict/shared';
import { fragmentOfLine, type Side } from '../fragments';
import { SubmissionUser } from './PairsTable';

type Detail = PlagiarismPairDetailVo;

/** Scrolls a code pane (not the page) so that a row is near its top. */
function scrollPane(pane: HTMLDivElement | null, row: number) {
  const el = pane?.querySelector<HTMLElement>(`[data-row="${row}"]`);
  if (pane && el) pane.scrollTo({ top: Math.max(0, el.offsetTop - 48), behavior: 'smooth' });
}

/**
 * The two sources side by side (stacked on a phone) with the shared fragments highlighted, each
 * fragment in its own colour; clicking a fragment's line on one side selects it and scrolls the
 * other side to its counterpart; the fragment list selects and scrolls both.
 */
export function SideBySide({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [selected, setSelected] = useState<number | null>(null);
  const panes = { left: useRef<HTMLDivElement>(null), right: useRef<HTMLDivElement>(null) };
  const palette = [token.gold2, token.cyan2, token.lime2, token.magenta2, token.geekblue2, token.orange2, token.purple2, token.green2];
  const { fragments } = detail;
  const lines = useMemo(() => ({ left: detail.left.code.split('\n'), right: detail.right.code.split('\n') }), [detail]);
  const owner = useMemo(() => ({
    left: fragmentOfLine(fragments, 'left', lines.left.length), right: fragmentOfLine(fragments, 'right', lines.right.length),
  }), [fragments, lines]);

  const select = (i: number, from?: Side) => {
    setSelected(i);
    if (from !== 'left') scrollPane(panes.left.current, fragments[i].left.startRow);
    if (from !== 'right') scrollPane(panes.right.current, fragments[i].right.startRow);
  };

  const pane = (side: Side, ref: RefObject<HTMLDivElement | null>) => {
    const s = detail[side];
    const digits = String(lines[side].length).length;
    return (
      <Card size="small" title={<SubmissionUser username={s.username} submitId={s.submitId} />} extra={<Typography.Text type="secondary">{s.language}</Typography.Text>}
        styles={{ body: { padding: 0 } }}>
        <div ref={ref} data-testid={`code-${side}`} style={{
          position: 'relative', maxHeight: '70vh', overflow: 'auto', fontFamily: token.fontFamilyCode, fontSize: 13, lineHeight: '20px',
          background: token.colorBgContainer, color: token.colorText,
        }}>
          {lines[side].map((text, row) => {
            const f = owner[side][row];
            const active = f !== null && f === selected;
            return (
              <div key={row} data-row={row} data-fragment={f ?? undefined} data-active={active || undefined}
                onClick={f === null ? undefined : () => select(f, side)}
                style={{
                  display: 'flex', whiteSpace: 'pre', cursor: f === null ? 'text' : 'pointer', minWidth: 'max-content',
                  background: active ? token.colorPrimaryBgHover : f === null ? undefined : palette[f % palette.length],
                  boxShadow: active ? `inset 4px 0 0 ${token.colorPrimary}` : undefined,
                }}>
                <span aria-hidden style={{ width: `${digits + 2}ch`, flex: 'none', textAlign: 'right', paddingRight: 8, color: token.colorTextQuaternary, userSelect: 'none' }}>{row + 1}</span>
                <span style={{ paddingRight: 12 }}>{text || ' '}</span>
              </div>
            );
          })}
        </div>
      </Card>
    );
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('plagiarism.fragments')} extra={<Typography.Text type="secondary">{t('plagiarism.fragmentHint')}</Typography.Text>}>
        {fragments.length === 0 ? <Typography.Text type="secondary">{t('plagiarism.noFragments')}</Typography.Text> : (
          <Space wrap size={[8, 8]}>
            {fragments.map((f, i) => (
              <Button key={i} size="small" onClick={() => select(i)} aria-pressed={selected === i} data-testid="fragment-chip"
                style={{
                  background: selected === i ? token.colorPrimaryBgHover : palette[i % palette.length], color: token.colorText,
                  borderColor: selected === i ? token.colorPrimary : undefined, boxShadow: selected === i ? `0 0 0 1px ${token.colorPrimary}` : undefined,
                }}>
                {t('plagiarism.fragment', { n: i + 1 })}: {f.left.startRow + 1}–{f.left.endRow + 1} ↔ {f.right.startRow + 1}–{f.right.endRow + 1}
              </Button>
            ))}
          </Space>
        )}
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={12}>{pane('left', panes.left)}</Col>
        <Col xs={24} md={12}>{pane('right', panes.right)}</Col>
      </Row>
    </Flex>
  );
}
