import { Avatar } from 'antd';

const COLORS = ['#2557e0', '#137a45', '#a16207', '#7c3aed', '#c53030', '#0369a1', '#c2410c']; // white initials stay readable (WCAG AA)

/** A user's avatar, or their initial on a colour picked from the name. */
export function UserAvatar({ username, src, size = 40 }: { username: string; src?: string | null; size?: number }) {
  const color = COLORS[[...username].reduce((a, c) => a + c.charCodeAt(0), 0) % COLORS.length];
  if (src) return <Avatar src={src} size={size} alt={username} />;
  return (
    <Avatar size={size} style={{ background: color, fontWeight: 600, fontSize: size * 0.42 }}>
      {username.slice(0, 1).toUpperCase() || '?'}
    </Avatar>
  );
}
