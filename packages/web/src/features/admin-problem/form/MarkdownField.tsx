import { useRef, useState } from 'react';
import { Button, Input, Segmented, Space, Upload } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components';
import { toast } from '../../../lib/feedback';
import { adminProblemApi } from '../api';
import { useProblemFormScope } from './scope';

/** Markdown textarea with a preview and image upload (/api/file/upload-md-img) that inserts the image. */
export function MarkdownField({ value, onChange, rows = 8, testId, id }: { value: string; onChange: (v: string) => void; rows?: number; testId?: string; /** For the field's label (FormField). */ id?: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const scope = useProblemFormScope();
  const [uploading, setUploading] = useState(false);
  const area = useRef<{ resizableTextArea?: { textArea: HTMLTextAreaElement } } | null>(null);

  const insertAtCursor = (text: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const at = el ? el.selectionStart : value.length;
    onChange(value.slice(0, at) + text + value.slice(at));
  };
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const r = await (scope ? scope.uploadImage(file) : adminProblemApi.uploadMdImage(file));
      insertAtCursor(`\n![${file.name.replace(/[[\]]/g, '')}](${r.link})\n`);
      toast('success', t('adminProblem.imageUploaded'));
    } finally {
      setUploading(false);
    }
    return false;
  };
  return (
    <div className="md-field">
      <Space style={{ marginBottom: 6 }}>
        <Segmented size="small" value={mode} onChange={(v) => setMode(v as 'write' | 'preview')}
          options={[{ value: 'write', label: t('adminProblem.write') }, { value: 'preview', label: t('adminProblem.preview') }]} />
        <Upload accept=".gif,.jpg,.jpeg,.png,.bmp,.webp" showUploadList={false} beforeUpload={upload}>
          <Button size="small" icon={<PictureOutlined />} loading={uploading}>{t('adminProblem.uploadImage')}</Button>
        </Upload>
      </Space>
      {mode === 'write'
        ? <Input.TextArea id={id} ref={area as never} value={value} onChange={(e) => onChange(e.target.value)} autoSize={{ minRows: rows, maxRows: 30 }} data-testid={testId} />
        : <div className="md-preview"><Markdown source={value} /></div>}
    </div>
  );
}
