import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A button that, after a successful `onClick` (resolves true), stays disabled for `seconds`
 * showing the remaining time (register code 60 s, reset mail 90 s).
 */
export function CountdownButton({ seconds, onClick, children, ...rest }: Omit<ButtonProps, 'onClick'> & { seconds: number; onClick: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | null>(null);
  useEffect(() => () => {
    if (timer.current) window.clearInterval(timer.current);
  }, []);
  const start = () => {
    setLeft(seconds);
    timer.current = window.setInterval(() => {
      setLeft((s) => {
        if (s <= 1) {
          window.clearInterval(timer.current!);
          timer.current = null;
          return 0;
        }
        return s - 1;
      });
    }, 1000);
  };
  const click = async () => {
    setBusy(true);
    try {
      if (await onClick()) start();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...rest} loading={busy} disabled={left > 0 || rest.disabled} onClick={click}>
      {left > 0 ? t('common.resendIn', { s: left }) : children}
    </Button>
  );
}
