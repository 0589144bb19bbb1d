const COLORS = ['#2557e0', '#137a45', '#a16207', '#7c3aed', '#c53030', '#0369a1', '#c2410c']; // white initials stay readable (WCAG AA)

/**
 * A user's avatar, or their initial on a colour picked from the name. Plain markup styled like
 * antd's Avatar (`.user-avatar` in styles.css): antd's brings Popover and breakpoint hooks to
 * every screen that lists users, the home page included.
 */
export function UserAvatar({ username, src, size = 40 }: { username: string; src?: string | null; size?: number }) {
  const box = { width: size, height: size, lineHeight: `${size}px` };
  if (src) return <span className="user-avatar" style={box}><img src={src} alt={username} /></span>;
  const color = COLORS[[...username].reduce((a, c) => a + c.charCodeAt(0), 0) % COLORS.length];
  return (
    <span className="user-avatar" style={{ ...box, background: color, fontSize: size * 0.42 }} aria-hidden>
      {username.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}
