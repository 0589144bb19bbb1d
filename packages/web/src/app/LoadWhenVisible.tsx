import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a React.lazy component with a heavy library, e.g. a chart) only
 * once a quarter of its place is in the viewport, so a first visit that never scrolls there (or
 * sees only its top edge at the fold) never downloads it. `height` keeps the layout from jumping
 * meanwhile.
 */
export function LoadWhenVisible({ children, height }: { children: ReactNode; height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (visible || !ref.current) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= 0.25)) setVisible(true);
    }, { threshold: 0.25 });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [visible]);
  const placeholder = <div style={{ minHeight: height }} />;
  if (!visible) return <div ref={ref}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}
