import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FORUM_LIMITS, type MsgKey } from '@verdict/shared';
import { Markdown } from '../../components';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n/messages';
import { useAuth } from '../../stores/user';
import { discussionApi, type CategoryVo, type DiscussionForm } from './api';
import { categoryLabel } from './category-name';

/** Spec 02 §5: '{field} is required' / 'Can not exceed 255' / 'Can not exceed 65535', the shared catalogue's wording. */
function firstError(f: DiscussionForm): MsgKey | null {
  if (!f.title.trim()) return 'discussionTitleRequired';
  if (f.title.length > FORUM_LIMITS.titleMax) return 'discussionTitleTooLong';
  if (!f.description.trim()) return 'discussionDescriptionRequired';
  if (f.description.length > FORUM_LIMITS.descriptionMax) return 'discussionDescriptionTooLong';
  if (!f.categoryId) return 'discussionCategoryRequired';
  if (!f.content.trim()) return 'discussionContentRequired';
  if (f.content.length > FORUM_LIMITS.contentMax) return 'discussionContentTooLong';
  return null;
}

/** The full-screen create/edit dialog (title, description, category, pin for admins, markdown content with preview). */
export function DiscussionDialog({ open, initial, categories, onClose, onSaved, save: saveVia }: {
  open: boolean; initial: DiscussionForm; categories: CategoryVo[]; onClose: () => void; onSaved: (id: number) => void;
  /** A group's discussions are saved through the group calls (issue 15); answers the discussion's id. */
  save?: (f: DiscussionForm) => Promise<number>;
}) {
  const { t, i18n } = useTranslation();
  const { isAdmin } = useAuth();
  const [f, setF] = useState<DiscussionForm>(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (open) setF(initial); }, [open, initial]);
  const set = (patch: Partial<DiscussionForm>) => setF((x) => ({ ...x, ...patch }));
  const save = async () => {
    const bad = firstError(f);
    if (bad) return toast('error', msg(bad));
    setBusy(true);
    try {
      if (saveVia) {
        const id = await saveVia(f);
        toast('success', t(f.id ? 'discussion.updated' : 'discussion.posted'));
        onSaved(id);
      } else if (f.id) {
        await discussionApi.update(f);
        toast('success', t('discussion.updated'));
        onSaved(f.id);
      } else {
        const { id } = await discussionApi.create(f);
        toast('success', t('discussion.posted'));
        onSaved(id);
      }
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  return (
    <Modal open={open} onCancel={onClose} title={f.id ? t('discussion.dialogEdit') : t('discussion.dialogCreate')} width="100%" className="discussion-dialog"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }} destroyOnHidden maskClosable={false}
      footer={<Space><Button onClick={onClose}>{t('discussion.cancel')}</Button><Button type="primary" loading={busy} onClick={() => void save()}>{f.id ? t('discussion.save') : t('discussion.submit')}</Button></Space>}>
      <Form layout="vertical" data-testid="discussion-form">
        <Form.Item label={t('discussion.fieldTitle')} required>
          <Input value={f.title} onChange={(e) => set({ title: e.target.value })} maxLength={FORUM_LIMITS.titleMax + 1} aria-label={t('discussion.fieldTitle')} />
        </Form.Item>
        <Form.Item label={t('discussion.fieldDescription')} required>
          <Input value={f.description} onChange={(e) => set({ description: e.target.value })} maxLength={FORUM_LIMITS.descriptionMax + 1} aria-label={t('discussion.fieldDescription')} />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item label={t('discussion.fieldCategory')} required>
            <Select style={{ minWidth: 200 }} value={f.categoryId ?? undefined} onChange={(v) => set({ categoryId: v })} aria-label={t('discussion.fieldCategory')}
              options={categories.map((c) => ({ value: c.id, label: categoryLabel(c.name, i18n.language) }))} />
          </Form.Item>
          <Form.Item label={t('discussion.fieldPid')}>
            <Input value={f.pid ?? ''} onChange={(e) => set({ pid: e.target.value || null })} style={{ width: 160 }} aria-label={t('discussion.fieldPid')} />
          </Form.Item>
          {isAdmin && (
            <Form.Item label={t('discussion.fieldTop')}>
              <Switch checked={f.topPriority} onChange={(v) => set({ topPriority: v })} aria-label={t('discussion.fieldTop')} />
            </Form.Item>
          )}
        </Space>
        <Form.Item label={t('discussion.fieldContent')} required>
          <Tabs items={[
            { key: 'write', label: t('discussion.write'), children: (
              <Input.TextArea value={f.content} onChange={(e) => set({ content: e.target.value })} autoSize={{ minRows: 12, maxRows: 30 }} aria-label={t('discussion.fieldContent')} />
            ) },
            { key: 'preview', label: t('discussion.preview'), children: <div className="discussion-preview"><Markdown source={f.content} /></div> },
          ]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
