import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useNavigate } from 'react-router';

/**
 * A button that is a link (one <a class="ant-btn">, not a button nested in a link, which screen
 * readers and axe reject): in-app navigation on a plain click, the browser's own on modified clicks.
 */
export function LinkButton({ to, target, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string; target?: string }) {
  const href = useHref(to);
  const navigate = useNavigate();
  const click = (e: MouseEvent<HTMLElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || target || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={href} target={target} rel={target === '_blank' ? 'noopener noreferrer' : undefined} onClick={click} />;
}
