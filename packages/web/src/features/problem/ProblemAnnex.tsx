import { useState } from 'react';
import { Button, Empty, List, Typography } from 'antd';
import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Problem Annex tab: the user extra files; clicking one shows its content with a download button. */
export function ProblemAnnex({ files }: { files: Record<string, string> }) {
  const { t } = useTranslation();
  const names = Object.keys(files);
  const [current, setCurrent] = useState<string | null>(names[0] ?? null);
  if (!names.length) return <Empty description={t('problem.annexEmpty')} />;
  const save = (name: string) => {
    const url = URL.createObjectURL(new Blob([files[name]], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  };
  return (
    <div className="problem-annex">
      <List
        size="small"
        bordered
        dataSource={names}
        renderItem={(n) => (
          <List.Item onClick={() => setCurrent(n)} style={{ cursor: 'pointer', background: n === current ? 'var(--v-bg-hover)' : undefined }}>
            <FileOutlined /> {n}
          </List.Item>
        )}
      />
      {current ? (
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>{current}</Typography.Text>
          <Button size="small" icon={<DownloadOutlined />} style={{ marginLeft: 8 }} onClick={() => save(current)}>{t('problem.download')}</Button>
          <pre className="annex-content">{files[current]}</pre>
        </div>
      ) : <Typography.Text type="secondary">{t('problem.annexPick')}</Typography.Text>}
    </div>
  );
}
