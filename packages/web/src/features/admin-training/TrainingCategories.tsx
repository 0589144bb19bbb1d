import { useState } from 'react';
import { Button, Card, ColorPicker, Input, Space, Table, Tag, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import { feedback, toast } from '../../lib/feedback';
import { adminTrainingApi, adminTrainingCategoriesQuery, type TrainingCategoryVo } from './api';

/** /admin/training/category: name and colour of each training category; create, edit, delete. */
export default function TrainingCategories() {
  const { t } = useTranslation();
  const list = useQuery(adminTrainingCategoriesQuery());
  const [draft, setDraft] = useState<{ name: string; color: string }>({ name: '', color: '#2f6bff' });
  const [edits, setEdits] = useState<Record<number, { name: string; color: string | null }>>({});

  const add = async () => {
    if (!draft.name.trim()) return toast('error', msg('trainingCategoryNameRequired'));
    await adminTrainingApi.addCategory({ name: draft.name.trim(), color: draft.color });
    toast('success', t('adminTraining.created'));
    setDraft({ name: '', color: '#2f6bff' });
    void list.refetch();
  };
  const save = async (c: TrainingCategoryVo) => {
    const e = edits[c.id] ?? { name: c.name, color: c.color };
    if (!e.name.trim()) return toast('error', msg('trainingCategoryNameRequired'));
    await adminTrainingApi.updateCategory({ id: c.id, name: e.name.trim(), color: e.color });
    toast('success', t('adminTraining.updated'));
    void list.refetch();
  };
  const remove = (c: TrainingCategoryVo) => feedback.modal?.confirm({
    title: `${t('adminTraining.delete')} ${c.name}`, content: t('adminTraining.categoryDeleteConfirm'), okType: 'danger',
    onOk: async () => {
      await adminTrainingApi.removeCategory(c.id);
      toast('success', t('adminTraining.deleted'));
      void list.refetch();
    },
  });
  const edit = (c: TrainingCategoryVo, patch: Partial<{ name: string; color: string | null }>) =>
    setEdits((o) => ({ ...o, [c.id]: { ...(o[c.id] ?? { name: c.name, color: c.color }), ...patch } }));

  return (
    <Card
      title={t('adminTraining.categories')}
      extra={
        <Space.Compact>
          <Input placeholder={t('adminTraining.newCategory')} value={draft.name} maxLength={255} onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            onPressEnter={() => void add()} data-testid="category-name" />
          <ColorPicker value={draft.color} onChangeComplete={(c) => setDraft({ ...draft, color: c.toHexString() })} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void add()} data-testid="category-add">{t('adminTraining.add')}</Button>
        </Space.Compact>
      }
    >
      <Table<TrainingCategoryVo>
        rowKey="id" loading={list.isLoading} dataSource={list.data ?? []} pagination={false} scroll={{ x: 'max-content' }}
        onRow={(c) => ({ 'data-testid': 'category-row', 'data-name': c.name }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          { title: t('adminTraining.id'), dataIndex: 'id', width: 70 },
          { title: t('adminTraining.name'), render: (_, c) => <Input value={edits[c.id]?.name ?? c.name} maxLength={255} onChange={(e) => edit(c, { name: e.target.value })} style={{ width: 200 }} /> },
          {
            title: t('adminTraining.color'),
            render: (_, c) => <ColorPicker value={edits[c.id]?.color ?? c.color ?? '#2f6bff'} onChangeComplete={(v) => edit(c, { color: v.toHexString() })} />,
          },
          { title: '', render: (_, c) => <Tag color={(edits[c.id]?.color ?? c.color) || 'blue'}>{edits[c.id]?.name ?? c.name}</Tag> },
          {
            title: t('adminTraining.option'),
            render: (_, c) => (
              <Space>
                <Tooltip title={t('adminTraining.save')}><Button size="small" icon={<SaveOutlined />} onClick={() => void save(c)} /></Tooltip>
                <Tooltip title={t('adminTraining.delete')}><Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(c)} /></Tooltip>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
