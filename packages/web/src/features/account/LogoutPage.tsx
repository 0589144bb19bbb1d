import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback';
import { PageLoading } from '../../components/States';
import { signOut } from '../../stores/user';
import { logout } from './api';

/** /logout: revokes the token on the server, forgets it here, then goes home: a success, never a login prompt. */
export function LogoutPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { t } = useTranslation();
  // Once per visit, also under StrictMode's double effects (a second call would get a 401).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        signOut();
        qc.clear();
        navigate('/home', { replace: true });
        toast('success', t('account.loggedOut'));
      });
  }, [navigate, qc, t]);
  return <PageLoading />;
}
