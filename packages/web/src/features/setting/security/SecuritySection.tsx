import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { TwoFactorCard } from './TwoFactorCard';
import { SessionsCard } from './SessionsCard';
import './security.css';

/** The settings' security section (issue 33): the second factor and the signed-in devices. /setting?tab=security scrolls to it. */
export function SecuritySection() {
  const [params] = useSearchParams();
  const ref = useRef<HTMLDivElement>(null);
  const wanted = params.get('tab') === 'security';
  useEffect(() => {
    if (wanted) ref.current?.scrollIntoView({ block: 'start' });
  }, [wanted]);
  return (
    <div className="security-section" ref={ref} data-testid="security-section">
      <TwoFactorCard />
      <SessionsCard />
    </div>
  );
}
