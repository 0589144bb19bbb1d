import type { ThemeMode } from './mode';

/** Sun, moon and half-filled circle (the system's): three small paths instead of three icon modules on the first page. */
export function ThemeIcon({ mode, className }: { mode: ThemeMode; className?: string }) {
  // antd's icon box (menus and buttons size and space an `anticon`, and pass their own class in).
  return (
    <span role="img" aria-hidden className={className ? `anticon ${className}` : 'anticon'}>
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" focusable="false">
        {mode === 'light' ? (
          <>
            <circle cx="12" cy="12" r="4.5" />
            <path d="M12 1.5v3m0 15v3M1.5 12h3m15 0h3M4.6 4.6l2.1 2.1m10.6 10.6 2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </>
        ) : mode === 'dark' ? (
          <path d="M20.5 14.6A8.8 8.8 0 0 1 9.4 3.5a8.8 8.8 0 1 0 11.1 11.1z" />
        ) : (
          <path d="M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19zm0 2v15a7.5 7.5 0 0 1 0-15z" />
        )}
      </svg>
    </span>
  );
}
