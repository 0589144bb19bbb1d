import { useState } from 'react';
import { Button, Card, Col, ColorPicker, Form, Input, InputNumber, Modal, Row, Select, Space, Table, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REMOTE_OJS } from '@verdict/shared';
import { feedback, toast } from '../../lib/feedback';
import type { Tag as TagT } from '../problem';
import { adminClassificationsQuery, adminProblemApi, adminTagsQuery, type TagClassification } from './api';

type TagEdit = { id?: number; name: string; color: string | null; classificationId: number | null };
type ClsEdit = { id?: number; name: string; rank: number };

/** Tags and tag classifications per oj (ME for our own problems). */
export default function TagManager() {
  const { t } = useTranslation();
  const [oj, setOj] = useState('ME');
  const tags = useQuery(adminTagsQuery(oj));
  const classes = useQuery(adminClassificationsQuery(oj));
  const [tagEdit, setTagEdit] = useState<TagEdit | null>(null);
  const [clsEdit, setClsEdit] = useState<ClsEdit | null>(null);
  const reload = () => { void tags.refetch(); void classes.refetch(); };

  const flatTags = (tags.data ?? []).flatMap((g) => g.tagList);
  const clsName = (id: number | null | undefined) => (classes.data ?? []).find((c) => c.id === id)?.name ?? t('adminProblem.unclassified');

  const saveTag = async () => {
    if (!tagEdit) return;
    await adminProblemApi.saveTag({ ...tagEdit, oj });
    toast('success', t('adminProblem.updated'));
    setTagEdit(null);
    reload();
  };
  const saveCls = async () => {
    if (!clsEdit) return;
    await adminProblemApi.saveClassification({ ...clsEdit, oj });
    toast('success', t('adminProblem.updated'));
    setClsEdit(null);
    reload();
  };
  const confirmDelete = (what: string, run: () => Promise<unknown>) => feedback.modal?.confirm({
    title: `${t('adminProblem.delete')} ${what}`, okType: 'danger',
    onOk: async () => { await run(); toast('success', t('adminProblem.deleted')); reload(); },
  });

  return (
    <Card title={t('adminProblem.tagManage')} extra={
      <Select aria-label={t('problem.oj')} value={oj} onChange={setOj} style={{ width: 140 }} options={[{ value: 'ME', label: t('problem.mine') }, ...REMOTE_OJS.map((o) => ({ value: o.key, label: o.name }))]} />
    }>
      <Row gutter={16}>
        <Col xs={24} lg={14}>
          <Space style={{ marginBottom: 8 }}><Button type="primary" icon={<PlusOutlined />} onClick={() => setTagEdit({ name: '', color: null, classificationId: null })}>{t('adminProblem.addTag')}</Button></Space>
          <Table<TagT> scroll={{ x: 'max-content' }}
            rowKey="id" size="small" loading={tags.isLoading} dataSource={flatTags} pagination={{ pageSize: 15 }}
            columns={[
              { title: t('adminProblem.name'), dataIndex: 'name', render: (v: string, r) => <Tag color={r.color ?? undefined}>{v}</Tag> },
              { title: t('adminProblem.classification'), dataIndex: 'classificationId', render: (v: number | null) => clsName(v) },
              {
                title: t('adminProblem.option'), key: 'op', width: 100, render: (_: unknown, r) => (
                  <Space size={2}>
                    <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setTagEdit({ id: r.id, name: r.name, color: r.color, classificationId: r.classificationId ?? null })} />
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(r.name, () => adminProblemApi.deleteTag(r.id))} />
                  </Space>
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={10}>
          <Space style={{ marginBottom: 8 }}><Button icon={<PlusOutlined />} onClick={() => setClsEdit({ name: '', rank: 0 })}>{t('adminProblem.addClassification')}</Button></Space>
          <Table<TagClassification> scroll={{ x: 'max-content' }}
            rowKey="id" size="small" loading={classes.isLoading} dataSource={classes.data ?? []} pagination={false}
            columns={[
              { title: t('adminProblem.classification'), dataIndex: 'name' },
              { title: t('adminProblem.rank'), dataIndex: 'rank', width: 70 },
              {
                title: t('adminProblem.option'), key: 'op', width: 100, render: (_: unknown, r) => (
                  <Space size={2}>
                    <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setClsEdit({ id: r.id, name: r.name, rank: r.rank })} />
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(r.name, () => adminProblemApi.deleteClassification(r.id))} />
                  </Space>
                ),
              },
            ]}
          />
        </Col>
      </Row>
      <Modal open={!!tagEdit} title={tagEdit?.id ? t('adminProblem.edit_') : t('adminProblem.addTag')} onCancel={() => setTagEdit(null)} onOk={saveTag} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label={t('adminProblem.name')} required><Input value={tagEdit?.name} onChange={(e) => setTagEdit((x) => x && { ...x, name: e.target.value })} /></Form.Item>
          <Form.Item label={t('adminProblem.color')}>
            <ColorPicker value={tagEdit?.color ?? undefined} allowClear onChange={(c) => setTagEdit((x) => x && { ...x, color: c.toHexString() })} onClear={() => setTagEdit((x) => x && { ...x, color: null })} />
          </Form.Item>
          <Form.Item label={t('adminProblem.classification')}>
            <Select allowClear value={tagEdit?.classificationId ?? undefined} onChange={(v) => setTagEdit((x) => x && { ...x, classificationId: v ?? null })}
              options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal open={!!clsEdit} title={t('adminProblem.classification')} onCancel={() => setClsEdit(null)} onOk={saveCls} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label={t('adminProblem.name')} required><Input value={clsEdit?.name} onChange={(e) => setClsEdit((x) => x && { ...x, name: e.target.value })} /></Form.Item>
          <Form.Item label={t('adminProblem.rank')}><InputNumber min={0} value={clsEdit?.rank} onChange={(v) => setClsEdit((x) => x && { ...x, rank: Number(v) || 0 })} /></Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
