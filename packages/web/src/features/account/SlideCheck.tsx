import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLIDE_CHECK } from '@verdict/shared';
import { toast } from '../../lib/feedback';

const { width: W, height: H, block: L, radius: R, accuracy: ACCURACY } = SLIDE_CHECK;
/** Side of the piece's bounding box: the block plus a knob on two sides. */
const PIECE = L + R * 2 + 3;
const rand = (min: number, max: number) => Math.round(min + Math.random() * Math.max(0, max - min));

/** Outline of the puzzle piece: a square block with a knob on top and right and a notch on the left. */
function piecePath(ctx: CanvasRenderingContext2D, x: number, y: number) {
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.arc(x + L / 2, y - R + 2, R, 0.72 * Math.PI, 2.26 * Math.PI);
  ctx.lineTo(x + L, y);
  ctx.arc(x + L + R - 2, y + L / 2, R, 1.21 * Math.PI, 2.78 * Math.PI);
  ctx.lineTo(x + L, y + L);
  ctx.lineTo(x, y + L);
  ctx.arc(x + R - 2, y + L / 2, R + 0.4, 2.76 * Math.PI, 1.24 * Math.PI, true);
  ctx.lineTo(x, y);
}

/** A generated picture (no image download): a colour gradient with soft shapes. */
function paintBackground(ctx: CanvasRenderingContext2D) {
  const hue = rand(0, 360);
  const g = ctx.createLinearGradient(0, 0, W, H);
  g.addColorStop(0, `hsl(${hue}, 70%, 55%)`);
  g.addColorStop(1, `hsl(${(hue + 120) % 360}, 65%, 45%)`);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);
  for (let i = 0; i < 14; i++) {
    ctx.fillStyle = `hsla(${rand(0, 360)}, 80%, ${rand(40, 80)}%, 0.45)`;
    ctx.beginPath();
    if (i % 2) ctx.arc(rand(0, W), rand(0, H), rand(6, 28), 0, Math.PI * 2);
    else ctx.rect(rand(0, W), rand(0, H), rand(10, 50), rand(6, 30));
    ctx.fill();
  }
}

type Phase = 'idle' | 'dragging' | 'success' | 'fail';

/**
 * The slide puzzle required after 5 failed logins (spec 01 §4, constants of §9): drag the piece
 * into its hole. Success needs the piece within 3 px and a drag path that is not a perfectly
 * straight machine movement; the latter gives 'Speed too fast...'.
 */
export function SlideCheck({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const bgRef = useRef<HTMLCanvasElement>(null);
  const pieceRef = useRef<HTMLCanvasElement>(null);
  const target = useRef({ x: 0, y: 0 });
  const drag = useRef<{ startX: number; startY: number; trail: number[] } | null>(null);
  const [left, setLeft] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');

  const draw = useCallback(() => {
    const bg = bgRef.current?.getContext('2d');
    const piece = pieceRef.current?.getContext('2d', { willReadFrequently: true });
    if (!bg || !piece) return;
    const x = rand(PIECE + 10, W - (PIECE + 10));
    const y = rand(10 + R * 2, H - (PIECE + 10));
    target.current = { x, y };
    bg.clearRect(0, 0, W, H);
    piece.clearRect(0, 0, W, H);
    paintBackground(bg);
    // Copy the picture into the piece canvas, cut it to the piece, then punch the hole in the background.
    piece.save();
    piecePath(piece, x, y);
    piece.clip();
    piece.drawImage(bgRef.current!, 0, 0);
    piece.restore();
    piecePath(piece, x, y);
    piece.lineWidth = 2;
    piece.strokeStyle = 'rgba(255,255,255,0.85)';
    piece.stroke();
    piecePath(bg, x, y);
    bg.fillStyle = 'rgba(255,255,255,0.7)';
    bg.fill();
    bg.lineWidth = 2;
    bg.strokeStyle = 'rgba(255,255,255,0.85)';
    bg.stroke();
    // Keep only the piece's bounding box, moved to the canvas' left edge.
    const top = y - R * 2 - 1;
    const data = piece.getImageData(x - 3, top, PIECE, PIECE);
    pieceRef.current!.width = PIECE;
    piece.putImageData(data, 0, top);
  }, []);

  const reset = useCallback(() => {
    setLeft(0);
    setPhase('idle');
    pieceRef.current!.width = W;
    draw();
  }, [draw]);

  useEffect(() => draw(), [draw]);

  const down = (e: ReactPointerEvent) => {
    if (phase === 'success') return;
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startY: e.clientY, trail: [] };
    setPhase('dragging');
  };
  const move = (e: ReactPointerEvent) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.startX;
    if (dx < 0 || dx + 40 > W) return;
    drag.current.trail.push(e.clientY - drag.current.startY);
    setLeft(dx);
  };
  const up = () => {
    if (!drag.current) return;
    const trail = drag.current.trail;
    drag.current = null;
    // The piece's bounding box starts 3 px left of the hole's block.
    const placed = Math.abs(left + 3 - target.current.x) < ACCURACY;
    const mean = trail.reduce((a, b) => a + b, 0) / (trail.length || 1);
    const spread = trail.reduce((a, b) => a + (b - mean) ** 2, 0);
    if (placed && spread > 0) {
      setPhase('success');
      window.setTimeout(onSuccess, 300);
      return;
    }
    setPhase('fail');
    toast(placed ? 'warning' : 'error', t(placed ? 'account.speedTooFast' : 'account.slideFailed'));
    window.setTimeout(reset, 800);
  };

  return (
    <div className="slide-check" data-testid="slide-check" style={{ width: W }}>
      <div className="slide-check-title">
        <span>{t('account.slideTitle')}</span>
        <Tooltip title={t('common.refresh')}>
          <Button type="text" size="small" icon={<ReloadOutlined />} onClick={reset} aria-label="refresh" />
        </Tooltip>
      </div>
      <div className="slide-check-canvas" style={{ width: W, height: H }}>
        <canvas ref={bgRef} width={W} height={H} />
        <canvas ref={pieceRef} width={W} height={H} className="slide-check-piece" style={{ left }} />
      </div>
      <div className={`slide-check-track slide-check-${phase}`} style={{ width: W }}>
        <div className="slide-check-fill" style={{ width: left + 40 }} />
        <span className="slide-check-hint">{phase === 'success' ? t('account.slideSuccess') : t('account.slideHint')}</span>
        <div
          className="slide-check-handle"
          data-testid="slide-handle"
          style={{ left }}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
        >
          {phase === 'success' ? <CheckOutlined /> : phase === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />}
        </div>
      </div>
    </div>
  );
}
