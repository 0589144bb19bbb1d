import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Tag } from 'antd';
import { FormField } from '../../../components/FormField';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';

/** Extra files (name and content, both required) kept as a JSON map of name to content. */
export function ExtraFilesField({ value, onChange }: { value: Record<string, string>; onChange: (v: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ original: string | null; name: string; content: string } | null>(null);
  const save = () => {
    if (!editing) return;
    if (!editing.name.trim()) return toast('error', t('adminProblem.fileNameRequired'));
    if (!editing.content) return toast('error', t('adminProblem.fileContentRequired'));
    const next = { ...value };
    if (editing.original && editing.original !== editing.name) delete next[editing.original];
    next[editing.name.trim()] = editing.content;
    onChange(next);
    setEditing(null);
  };
  const remove = (name: string) => {
    const next = { ...value };
    delete next[name];
    onChange(next);
  };
  return (
    <div>
      <Space wrap>
        {Object.keys(value).map((n) => (
          <Tag key={n} closable onClose={(e) => { e.preventDefault(); remove(n); }} style={{ cursor: 'pointer' }} onClick={() => setEditing({ original: n, name: n, content: value[n] })}>{n}</Tag>
        ))}
        <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ original: null, name: '', content: '' })}>{t('adminProblem.addFile')}</Button>
      </Space>
      <Modal open={!!editing} onCancel={() => setEditing(null)} onOk={save} title={t('adminProblem.addFile')} width={720} destroyOnHidden>
        <Form layout="vertical">
          <FormField label={t('adminProblem.fileName')} required>
            <Input value={editing?.name} onChange={(e) => setEditing((x) => x && { ...x, name: e.target.value })} />
          </FormField>
          <FormField label={t('adminProblem.fileContent')} required>
            <Input.TextArea value={editing?.content} onChange={(e) => setEditing((x) => x && { ...x, content: e.target.value })} autoSize={{ minRows: 8, maxRows: 24 }} style={{ fontFamily: 'monospace' }} />
          </FormField>
        </Form>
      </Modal>
    </div>
  );
}
