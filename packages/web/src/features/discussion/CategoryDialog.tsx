import { useEffect, useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/feedback';
import { msg } from '../../i18n/messages';
import { discussionApi, type CategoryVo } from './api';

/** Super admin: edits the whole category list (POST discussion-category). */
export function CategoryDialog({ open, categories, onClose, onSaved }: { open: boolean; categories: CategoryVo[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<{ id?: number; name: string }[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (open) setRows(categories.map((c) => ({ ...c }))); }, [open, categories]);
  const save = async () => {
    if (rows.some((r) => !r.name.trim())) return toast('warning', msg('categoryNameRequired'));
    setBusy(true);
    try { await discussionApi.saveCategories(rows); toast('success', t('discussion.categoriesSaved')); onSaved(); onClose(); } catch { /* shown */ } finally { setBusy(false); }
  };
  return (
    <Modal open={open} title={t('discussion.editCategories')} onCancel={onClose} onOk={() => void save()} confirmLoading={busy} okText={t('discussion.save')} cancelText={t('discussion.cancel')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {rows.map((r, i) => (
          <Space.Compact key={r.id ?? `new-${i}`} style={{ width: '100%' }}>
            <Input value={r.name} aria-label={t('discussion.categoryName')} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
            <Button danger icon={<DeleteOutlined />} aria-label={t('discussion.removeCategory')} onClick={() => setRows(rows.filter((_, j) => j !== i))} />
          </Space.Compact>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => setRows([...rows, { name: '' }])}>{t('discussion.addCategory')}</Button>
      </Space>
    </Modal>
  );
}
