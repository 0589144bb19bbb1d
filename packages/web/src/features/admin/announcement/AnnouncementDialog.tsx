import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementRow } from '@verdict/shared';
import { TitleContentDialog } from '../common/TitleContentDialog';
import { announcementAdminApi } from './api';

/** Create (row = 'new') or edit an announcement: title and markdown content required (spec 03 §5). */
export function AnnouncementDialog({ row, onClose, onSaved }: { row: AnnouncementRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  // Memoised: the dialog refills its form whenever `initial` changes identity.
  const initial = useMemo(() => (row === 'new' ? { title: '', content: '', visible: true } : row ? { title: row.title, content: row.content, visible: row.status === 0 } : null), [row]);
  return (
    <TitleContentDialog
      initial={initial}
      isNew={row === 'new'}
      titles={{ create: t('admin.announcement.create'), edit: t('admin.announcement.edit') }}
      successText={row === 'new' ? t('admin.common.created') : t('admin.common.updated')}
      withVisible
      testId="announcement-form"
      contentTestId="announcement-content"
      submit={(v) => {
        const body = { title: v.title, content: v.content, status: v.visible ? 0 : 1 };
        return row === 'new' ? announcementAdminApi.create(body) : announcementAdminApi.update((row as AnnouncementRow).id, body);
      }}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
