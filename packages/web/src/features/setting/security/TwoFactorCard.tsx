import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { TwoFactorSetupVo } from '@verdict/shared';
import { msg } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { copyText } from '../../../components/copy';
import { SecondFactorField, secondFactorOf, type SecondFactorValues } from '../../account';
import { useTwoFactorStatus } from './api/get-two-factor-status';
import { useSetupTwoFactor } from './api/setup-two-factor';
import { useEnableTwoFactor } from './api/enable-two-factor';
import { useDisableTwoFactor } from './api/disable-two-factor';

type Step = { at: 'idle' } | { at: 'password' } | { at: 'scan'; setup: TwoFactorSetupVo } | { at: 'codes'; codes: string[] } | { at: 'disable' };

function downloadCodes(codes: string[]) {
  const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `recovery-codes-${window.location.hostname}.txt`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The second factor: status; set-up (password, QR, first code, recovery codes shown once); turning it off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const s = status.data;
  const quietly = async (f: () => Promise<void>) => {
    try { await f(); } catch { /* the request layer showed the server's message */ }
  };

  let body: React.ReactNode;
  if (step.at === 'password') {
    body = (
      <Form layout="vertical" requiredMark={false} data-testid="two-factor-password" onFinish={(v: { password: string }) => quietly(async () => {
        setStep({ at: 'scan', setup: await setup.mutateAsync(v.password) });
      })}>
        <Form.Item name="password" label={t('security.passwordToStart')} rules={[{ required: true, message: msg('passwordRequired') }]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={setup.isPending}>{t('security.next')}</Button>
          <Button onClick={() => setStep({ at: 'idle' })}>{t('security.cancel')}</Button>
        </Space>
      </Form>
    );
  } else if (step.at === 'scan') {
    body = (
      <div className="security-scan">
        <div>
          <Typography.Text strong>{t('security.scan')}</Typography.Text>
          <img src={step.setup.qrDataUrl} alt={t('security.qrAlt')} className="security-qr" width={200} height={200} data-testid="two-factor-qr" />
          <div className="setting-hint">{t('security.manual')}</div>
          <Typography.Text code copyable className="security-secret" data-testid="two-factor-secret">{step.setup.secret}</Typography.Text>
        </div>
        <Form layout="vertical" requiredMark={false} data-testid="two-factor-confirm" onFinish={(v: { code: string }) => quietly(async () => {
          const r = await enable.mutateAsync(v.code.replace(/\s+/g, ''));
          toast('success', t('security.enabled'));
          setStep({ at: 'codes', codes: r.recoveryCodes });
        })}>
          <Form.Item name="code" label={t('security.confirm')} rules={[{ required: true, pattern: /^\s*\d{3}\s*\d{3}\s*$/, message: t('twoFactor.codeRule') }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123456" data-testid="two-factor-code" style={{ maxWidth: 200 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={enable.isPending} data-testid="two-factor-enable">{t('security.enable')}</Button>
            <Button onClick={() => setStep({ at: 'idle' })}>{t('security.cancel')}</Button>
          </Space>
        </Form>
      </div>
    );
  } else if (step.at === 'codes') {
    body = (
      <div data-testid="recovery-codes">
        <Alert type="warning" showIcon message={t('security.recoveryTitle')} description={t('security.recoveryIntro')} style={{ marginBottom: 12 }} />
        <ol className="security-codes">
          {step.codes.map((c) => <li key={c}><code>{c}</code></li>)}
        </ol>
        <Space wrap>
          <Button icon={<CopyOutlined />} onClick={() => void copyText(step.codes.join('\n'))}>{t('security.copy')}</Button>
          <Button icon={<DownloadOutlined />} onClick={() => downloadCodes(step.codes)}>{t('security.download')}</Button>
          <Button type="primary" onClick={() => setStep({ at: 'idle' })} data-testid="recovery-codes-done">{t('security.saved')}</Button>
        </Space>
      </div>
    );
  } else if (step.at === 'disable') {
    body = (
      <Form layout="vertical" requiredMark={false} data-testid="two-factor-disable" onFinish={(v: SecondFactorValues & { password: string }) => quietly(async () => {
        await disable.mutateAsync({ password: v.password, ...secondFactorOf(v) });
        toast('success', t('security.disabled'));
        setStep({ at: 'idle' });
      })}>
        <Typography.Paragraph type="secondary">{t('security.disableIntro')}</Typography.Paragraph>
        <Form.Item name="password" label={t('security.password')} rules={[{ required: true, message: msg('passwordRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <SecondFactorField autoFocus={false} />
        <Space>
          <Button danger type="primary" htmlType="submit" loading={disable.isPending}>{t('security.disable')}</Button>
          <Button onClick={() => setStep({ at: 'idle' })}>{t('security.cancel')}</Button>
        </Space>
      </Form>
    );
  } else {
    body = s?.enabled ? (
      <Space direction="vertical">
        <Typography.Text type="secondary">
          {s.enabledAt ? t('security.enabledSince', { time: dayjs(s.enabledAt).format('YYYY-MM-DD HH:mm') }) : null} · {t('security.codesLeft', { n: s.recoveryCodesLeft })}
        </Typography.Text>
        <Button danger onClick={() => setStep({ at: 'disable' })} data-testid="two-factor-off">{t('security.disable')}</Button>
      </Space>
    ) : (
      <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={() => setStep({ at: 'password' })} disabled={!s} data-testid="two-factor-start">{t('security.start')}</Button>
    );
  }

  return (
    <Card
      size="small"
      className="setting-card"
      loading={status.isLoading}
      data-testid="two-factor-card"
      title={<Space>{t('security.twoFactor')}{s && <Tag color={s.enabled ? 'success' : 'default'} data-testid="two-factor-state">{s.enabled ? t('security.on') : t('security.off')}</Tag>}</Space>}
    >
      <Typography.Paragraph type="secondary" className="security-intro">{t('security.twoFactorIntro')}</Typography.Paragraph>
      {s?.required && !s.enabled && <Alert type="warning" showIcon message={t('security.required')} style={{ marginBottom: 12 }} data-testid="two-factor-required" />}
      {body}
    </Card>
  );
}
