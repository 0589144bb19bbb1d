import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../i18n';
import { printSetApi } from './api';

/** "Download problems PDF" for a contest's admins: the server makes it (once) and the browser saves it. */
export function DownloadProblemsPdfButton({ cid, size, type, iconOnly }: { cid: number; size?: 'small' | 'middle'; type?: 'default' | 'link' | 'text'; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await printSetApi.downloadPdf(cid, currentLang());
    } catch {
      // download() has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={iconOnly ? t('printSet.download') : t('printSet.downloadHint')}>
      <Button size={size} type={type} icon={<FilePdfOutlined />} loading={busy} onClick={() => void onClick()} data-testid="download-problems-pdf"
        aria-label={iconOnly ? t('printSet.download') : undefined}>
        {iconOnly ? null : t('printSet.download')}
      </Button>
    </Tooltip>
  );
}
