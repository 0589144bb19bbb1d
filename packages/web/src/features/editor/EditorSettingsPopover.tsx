import { lazy, Suspense, useState } from 'react';
import { Button, Popover, Spin } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EditorSettings } from './storage';

// The form inside (antd Form and Selects) loads when the popover is first opened.
const SettingsForm = lazy(() => import('./EditorSettingsForm'));

/** Theme, font size and tab size of the editor (spec 01 §9 lists). */
export function EditorSettingsPopover({ value, onChange }: { value: EditorSettings; onChange: (s: EditorSettings) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const content = opened ? (
    <Suspense fallback={<div style={{ width: 260, textAlign: 'center' }}><Spin size="small" /></div>}>
      <SettingsForm value={value} onChange={onChange} />
    </Suspense>
  ) : null;
  return (
    <Popover trigger="click" content={content} title={t('editor.settings')} placement="bottomRight" onOpenChange={(o) => o && setOpened(true)}>
      <Button icon={<SettingOutlined />} aria-label={t('editor.settings')} data-testid="editor-settings" />
    </Popover>
  );
}
