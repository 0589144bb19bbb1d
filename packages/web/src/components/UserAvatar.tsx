import { Avatar } from 'antd';

const COLORS = ['#2f6bff', '#19a05c', '#e8a317', '#8b5cf6', '#e5484d', '#0ea5e9', '#f97316'];

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
