import { useRef, useState } from 'react';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { UploadOutlined, ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BATCH_USER_MAX_ROWS, CSV_USER_COLUMNS, type BatchInsertResult } from '@verdict/shared';
import { msg } from '../../../i18n/messages';
import { showError, toast } from '../../../lib/feedback';
import { readUserCsv, type CsvUserRow } from './csv';
import { userAdminApi } from './api';

/**
 * CSV import (spec 03 §5): a .csv in UTF-8 with seven columns (username, password, email,
 * realname, gender, nickname, school). Rows without username or password are skipped; the
 * preview shows how each row is read, the result lists what the server skipped and why.
 */
export function ImportUsers({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<CsvUserRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BatchInsertResult | null>(null);
  const usable = rows.filter((r) => !r.skip);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    const read = await readUserCsv(file);
    if ('error' in read) {
      setRows([]);
      setFileName('');
      showError(read.error === 'empty' ? msg('csvEmpty') : t(`admin.user.csv.${read.error}`));
      return;
    }
    if (read.rows.length > BATCH_USER_MAX_ROWS) {
      showError(msg('tooManyRows', { n: BATCH_USER_MAX_ROWS }));
      return;
    }
    setFileName(file.name);
    setRows(read.rows);
  };

  const submit = async () => {
    if (!usable.length) {
      showError(msg('csvEmpty'));
      return;
    }
    setBusy(true);
    try {
      const r = await userAdminApi.insertBatch(usable.map((x) => x.cells));
      setResult(r);
      toast('success', t('admin.user.csv.imported', { n: r.inserted }));
      setRows([]);
      setFileName('');
      onImported();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="import-users">
      <Typography.Paragraph type="secondary">
        {t('admin.user.csv.help', { columns: CSV_USER_COLUMNS.join(', ') })}
      </Typography.Paragraph>
      <div className="admin-toolbar">
        <div className="admin-toolbar-left">
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {t('admin.user.csv.choose')}
          </Button>
          {fileName && (
            <span>
              {fileName} · {t('admin.user.csv.summary', { total: rows.length, ok: usable.length, skip: rows.length - usable.length })}
            </span>
          )}
        </div>
        <Button type="primary" icon={<ImportOutlined />} disabled={!usable.length} loading={busy} onClick={submit} data-testid="import-submit">
          {t('admin.user.csv.import')}
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        style={{ display: 'none' }}
        data-testid="import-file"
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {rows.length > 0 && (
        <div className="admin-csv-preview">
          <Table<CsvUserRow> scroll={{ x: 'max-content' }}
            size="small"
            rowKey="line"
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, size: 'small' } : false}
            columns={[
              { title: t('admin.user.csv.line'), dataIndex: 'line', width: 60 },
              { title: t('admin.user.username'), dataIndex: 'username' },
              { title: t('admin.user.password'), dataIndex: 'password', render: (v: string) => (v ? '••••••' : '') },
              { title: t('admin.user.email'), dataIndex: 'email' },
              { title: t('admin.user.realname'), dataIndex: 'realname' },
              { title: t('admin.user.gender'), dataIndex: 'gender', render: (v: string) => t(`user.gender.${v}`) },
              { title: t('admin.user.nickname'), dataIndex: 'nickname' },
              { title: t('admin.user.school'), dataIndex: 'school' },
              { title: '', dataIndex: 'skip', render: (v) => (v ? <Tag color="warning">{t('admin.user.csv.skipMissing')}</Tag> : <Tag color="success">{t('admin.user.csv.ok')}</Tag>) },
            ]}
          />
        </div>
      )}
      {result && (
        <Alert
          style={{ marginTop: 12 }}
          type={result.skipped.length ? 'warning' : 'success'}
          showIcon
          data-testid="import-result"
          message={t('admin.user.csv.resultTitle', { inserted: result.inserted, skipped: result.skipped.length })}
          description={
            result.skipped.length > 0 && (
              <Table scroll={{ x: 'max-content' }}
                size="small"
                rowKey={(r) => `${r.row}-${r.username}`}
                dataSource={result.skipped}
                pagination={result.skipped.length > 10 ? { pageSize: 10, size: 'small' } : false}
                columns={[
                  { title: t('admin.user.csv.row'), dataIndex: 'row', width: 70 },
                  { title: t('admin.user.username'), dataIndex: 'username' },
                  { title: t('admin.user.csv.reason'), dataIndex: 'reason' },
                ]}
              />
            )
          }
        />
      )}
    </div>
  );
}
