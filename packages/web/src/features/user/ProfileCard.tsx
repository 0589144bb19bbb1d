import { Card, Space, Tag, Tooltip, Typography } from 'antd';
import { GithubOutlined, LinkOutlined, ManOutlined, WomanOutlined, BankOutlined, ClockCircleOutlined, CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { UserHomeInfo } from '@verdict/shared';
import { NicknameTag, RoleBadge, UserAvatar } from '../../components';
import { safeHttpUrl } from './safe-url';
import { useSiteConfig } from '../../stores/site';
import { ratingColor } from '../rank';

function ExternalLink({ icon, value }: { icon: React.ReactNode; value: string }) {
  const href = safeHttpUrl(value);
  return (
    <span className="uh-meta-item">
      {icon}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {value}
        </a>
      ) : (
        <span>{value}</span>
      )}
    </span>
  );
}

/** Avatar, names, badges, signature and contact line of a user home. */
export function ProfileCard({ info }: { info: UserHomeInfo }) {
  const { t } = useTranslation();
  // The name in its rating band's colour where the site switched that on (issue 30).
  const { ratingNameColor } = useSiteConfig();
  const nameColor = ratingNameColor ? ratingColor(info.contestRating) : undefined;
  return (
    <Card className="uh-profile" data-testid="user-profile">
      <div className="uh-avatar">
        <UserAvatar username={info.username} src={info.avatar} size={110} />
      </div>
      <div className="uh-names">
        <Typography.Title level={3} className="uh-username" style={nameColor ? { color: nameColor } : undefined}>
          {info.username}
          {info.gender === 'male' && <ManOutlined className="uh-gender male" aria-label={t('user.gender.male')} />}
          {info.gender === 'female' && <WomanOutlined className="uh-gender female" aria-label={t('user.gender.female')} />}
        </Typography.Title>
        <Space size={4} wrap className="uh-tags">
          <RoleBadge roles={info.roleList} />
          <NicknameTag nickname={info.nickname} />
          {info.titleName && <Tag color={info.titleColor || 'gold'}>{info.titleName}</Tag>}
        </Space>
        {info.signature ? (
          <Typography.Paragraph className="uh-signature" ellipsis={{ rows: 3, expandable: true }}>
            {info.signature}
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph type="secondary" className="uh-signature">
            {t('user.noSignature')}
          </Typography.Paragraph>
        )}
      </div>
      <div className="uh-meta">
        {info.school && (
          <span className="uh-meta-item">
            <BankOutlined />
            <span>{info.school}</span>
          </span>
        )}
        {info.github && <ExternalLink icon={<GithubOutlined />} value={info.github} />}
        {info.blog && <ExternalLink icon={<LinkOutlined />} value={info.blog} />}
        <Tooltip title={dayjs(info.gmtCreate).format('YYYY-MM-DD HH:mm:ss')}>
          <span className="uh-meta-item">
            <CalendarOutlined />
            <span>{t('user.joined', { date: dayjs(info.gmtCreate).format('YYYY-MM-DD') })}</span>
          </span>
        </Tooltip>
        <span className="uh-meta-item">
          <ClockCircleOutlined />
          <span>
            {info.recentLoginTime ? t('user.recentLogin', { time: dayjs(info.recentLoginTime).format('YYYY-MM-DD HH:mm') }) : t('user.neverLoggedIn')}
          </span>
        </span>
      </div>
    </Card>
  );
}
