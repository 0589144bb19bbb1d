import { useEffect, useState } from 'react';

/** Width-based layout switches of spec 01 §9: navbar drawer under 992 px, compact pagination under 768 px. */
export function useWindowWidth() {
  const [w, setW] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}
export const useIsMobileNav = () => useWindowWidth() < 992;
export const useIsNarrow = () => useWindowWidth() < 768;

/** True from the first render where `value` is true on: mounts a lazily loaded dialog once it is first opened, and keeps it. */
export function useStickyTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
