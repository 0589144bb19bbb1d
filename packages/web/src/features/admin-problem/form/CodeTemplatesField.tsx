import { Button, Collapse, Empty, Select, Space, Switch } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import type { TemplateRow } from './state';

/** Code templates per language; an enabled template must not be empty. */
export function CodeTemplatesField({ value, onChange, languages, defaults }: {
  value: TemplateRow[];
  onChange: (v: TemplateRow[]) => void;
  languages: string[];
  defaults: Record<string, string>;
}) {
  const { t } = useTranslation();
  const unused = languages.filter((l) => !value.some((v) => v.language === l));
  const set = (i: number, p: Partial<TemplateRow>) => onChange(value.map((v, j) => (j === i ? { ...v, ...p } : v)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label={t('adminProblem.templates')}
        placeholder={t('adminProblem.templates')}
        style={{ width: 240 }}
        value={null}
        options={unused.map((l) => ({ value: l, label: l }))}
        onChange={(l: string) => onChange([...value, { language: l, code: defaults[l] ?? '', status: true }])}
      />
      {value.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
        <Collapse
          size="small"
          items={value.map((v, i) => ({
            key: v.language,
            label: v.language,
            extra: (
              <Space onClick={(e) => e.stopPropagation()}>
                <span>{t('adminProblem.enableTemplate')}</span>
                <Switch size="small" checked={v.status} onChange={(status) => set(i, { status })} aria-label={`${t('adminProblem.enableTemplate')} ${v.language}`} />
                <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange(value.filter((_x, j) => j !== i))} aria-label={`${t('admin.common.delete')} ${v.language}`} />
              </Space>
            ),
            children: <CodeEditor value={v.code} onChange={(code) => set(i, { code })} language={v.language} height="240px" />,
          }))}
        />
      )}
    </Space>
  );
}
