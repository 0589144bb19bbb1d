import { Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components';

/** A markdown text area with a preview tab; the preview is sanitised like every other rendering (issue 9). */
export function MarkdownField({ value, onChange, rows = 12, testId, ariaLabel }: { value?: string; onChange?: (v: string) => void; rows?: number; testId?: string; ariaLabel?: string }) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'edit',
          label: t('admin.common.mdEdit'),
          children: (
            <Input.TextArea className="admin-md-editor" value={value} onChange={(e) => onChange?.(e.target.value)} rows={rows} data-testid={testId} aria-label={ariaLabel} />
          ),
        },
        {
          key: 'preview',
          label: t('admin.common.mdPreview'),
          children: <div className="admin-md-preview">{value ? <Markdown source={value} /> : <span className="admin-muted">{t('admin.common.nothingToPreview')}</span>}</div>,
        },
      ]}
    />
  );
}
