import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FONT_SIZES, TAB_SIZES, THEME_NAMES } from '../../components/code-editor/themes';
import type { EditorSettings } from './storage';

/** The editor settings form inside EditorSettingsPopover (its own chunk). */
export default function EditorSettingsForm({ value, onChange }: { value: EditorSettings; onChange: (s: EditorSettings) => void }) {
  const { t } = useTranslation();
  return (
    <Form layout="horizontal" labelCol={{ span: 9 }} style={{ width: 260 }} size="small">
      <Form.Item label={t('editor.theme')} style={{ marginBottom: 8 }}>
        <Select aria-label={t('editor.theme')} value={value.theme} onChange={(theme) => onChange({ ...value, theme })} options={THEME_NAMES.map((n) => ({ value: n, label: n }))} data-testid="editor-theme" />
      </Form.Item>
      <Form.Item label={t('editor.fontSize')} style={{ marginBottom: 8 }}>
        <Select aria-label={t('editor.fontSize')} value={value.fontSize} onChange={(fontSize) => onChange({ ...value, fontSize })} options={FONT_SIZES.map((n) => ({ value: n, label: `${n}px` }))} />
      </Form.Item>
      <Form.Item label={t('editor.tabSize')} style={{ marginBottom: 0 }}>
        <Select aria-label={t('editor.tabSize')} value={value.tabSize} onChange={(tabSize) => onChange({ ...value, tabSize })} options={TAB_SIZES.map((n) => ({ value: n, label: String(n) }))} />
      </Form.Item>
    </Form>
  );
}
