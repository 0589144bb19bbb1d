import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

const LEFT_COLLAPSE = 420;
const RIGHT_MIN = 580;

/**
 * Two panes with a draggable divider (spec 01): dragging the left pane under 420 px collapses it;
 * the right pane always keeps at least 580 px. Narrow screens stack the panes instead.
 */
export function SplitPane({ left, right, stacked }: { left: ReactNode; right: ReactNode; stacked: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [leftWidth, setLeftWidth] = useState<number | null>(null);
  const [collapsed, setCollapsed] = useState(false);
  const dragging = useRef(false);

  const onMove = useCallback((e: PointerEvent) => {
    if (!dragging.current || !box.current) return;
    const rect = box.current.getBoundingClientRect();
    const x = e.clientX - rect.left;
    if (x < LEFT_COLLAPSE) {
      setCollapsed(true);
      return;
    }
    setCollapsed(false);
    setLeftWidth(Math.min(x, rect.width - RIGHT_MIN));
  }, []);
  const onUp = useCallback(() => {
    dragging.current = false;
    document.body.style.userSelect = '';
  }, []);
  useEffect(() => {
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
    };
  }, [onMove, onUp]);

  // One tree for both layouts, so switching (a resize) never remounts the editor and loses its state.
  const width = stacked ? undefined : collapsed ? 0 : (leftWidth ?? undefined);
  return (
    <div className={stacked ? 'split-pane split-stacked' : 'split-pane'} ref={box}>
      <div className="split-left" style={stacked ? undefined : { width: width ?? '50%', display: collapsed ? 'none' : undefined }}>{left}</div>
      {!stacked && (
        <div
          className="split-divider"
          role="separator"
          aria-orientation="vertical"
          data-testid="split-divider"
          onPointerDown={() => { dragging.current = true; document.body.style.userSelect = 'none'; }}
          onDoubleClick={() => { setCollapsed(false); setLeftWidth(null); }}
        />
      )}
      <div className="split-right" style={stacked ? undefined : { minWidth: RIGHT_MIN }}>{right}</div>
    </div>
  );
}
