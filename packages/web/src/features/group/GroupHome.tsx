import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow, Page } from '@verdict/shared';
import { Markdown } from '../../components';
import { AnnouncementPanel, type AnnouncementSource } from '../announcement';
import { groupApi, groupKeys } from './api';
import { useGroup } from './context';

/** /group/{id}: the description (sanitised markdown) and, for members and the super admin, the group's visible announcements. */
export function GroupHome() {
  const { t } = useTranslation();
  const { group, isMember, isSuperAdmin, gid } = useGroup();
  const showNews = isMember || isSuperAdmin;
  const source: AnnouncementSource = {
    key: groupKeys.homeAnnouncements(gid),
    load: (page, limit) => groupApi.announcements(gid, page, limit) as unknown as Promise<Page<AnnouncementRow>>,
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={showNews ? 12 : 24}>
        <Card title={t('group.description')} className="group-description">
          {group.description ? <Markdown source={group.description} /> : <Typography.Text type="secondary">{t('group.notSet')}</Typography.Text>}
        </Card>
      </Col>
      {showNews && (
        <Col xs={24} lg={12}>
          <AnnouncementPanel source={source} title={t('group.tab.announcements')} />
        </Col>
      )}
    </Row>
  );
}
