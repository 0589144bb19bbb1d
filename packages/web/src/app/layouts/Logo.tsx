import { Link } from 'react-router';

export function Logo({ name, to = '/home' }: { name: string; to?: string }) {
  return (
    <Link to={to} className="app-logo">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{name}</span>
    </Link>
  );
}
