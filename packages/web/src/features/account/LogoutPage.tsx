import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoading } from '../../components/States';
import { clearUser } from '../../stores/user';
import { logout } from './api';

/** /logout: revokes the token on the server, forgets it here, then goes home. */
export function LogoutPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Once per visit, also under StrictMode's double effects (a second call would get a 401).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        clearUser();
        qc.clear();
        navigate('/home', { replace: true });
      });
  }, [navigate, qc]);
  return <PageLoading />;
}
