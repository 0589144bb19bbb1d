import { Tag } from 'antd';
import { Role } from '@verdict/shared';
import { roleCodes } from '../stores/user';

/** SPA for the super admin, ADM for admins, shown beside names (spec 01 §6). */
export function RoleBadge({ roles, role }: { roles?: (string | number)[]; role?: string | number }) {
  const codes = roles ? roleCodes({ roleList: roles as string[] }) : role !== undefined ? roleCodes({ roleList: [role] as string[] }) : [];
  if (codes.includes(Role.ROOT)) return <Tag color="#c53030" className="role-badge">SPA</Tag>;
  if (codes.includes(Role.ADMIN)) return <Tag color="#2557e0" className="role-badge">ADM</Tag>;
  return null;
}

/** Nickname tag colour, chosen by nickname length modulo 5 (spec 01 §9). */
const NICK_COLORS = ['blue', 'green', 'orange', 'purple', 'cyan'];
export function NicknameTag({ nickname }: { nickname?: string | null }) {
  if (!nickname) return null;
  return <Tag color={NICK_COLORS[nickname.length % 5]}>{nickname}</Tag>;
}
