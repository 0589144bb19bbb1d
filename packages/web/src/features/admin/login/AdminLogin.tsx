import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_API, type Envelope, type UserInfo } from '@verdict/shared';
import { http } from '../../../lib/request';
import { isHttpError } from '../../../lib/http';
import { showError, toast } from '../../../lib/feedback';
import i18n from '../../../i18n';
import { setToken, setUser, useAuth } from '../../../stores/user';
import { useSiteConfig } from '../../../stores/site';
import { passwordRules, usernameRules } from '../../account';
import { CaptchaField, useCaptchaOnDemand } from '../../account';
import { SecondFactorField, asksSecondFactor, secondFactorOf, type SecondFactorValues } from '../../account';
import '../admin.css';

interface Values extends SecondFactorValues { username: string; password: string; captcha?: string }

/**
 * POST admin/login: like login, but only accounts with an admin role get in (the server checks).
 * Sent past the shared error handling on purpose: its 401/403 rules (go to /admin, then back
 * here) are for calls made inside the admin area and would hide why the login failed.
 */
async function adminLogin(v: Values, captchaKey?: string, withCode = false): Promise<UserInfo> {
  try {
    const solved = captchaKey ? { captcha: v.captcha?.trim() ?? '', captchaKey } : {};
    const res = await http.post<Envelope<UserInfo>>(ADMIN_API.login, { username: v.username.trim(), password: v.password, ...solved, ...(withCode ? secondFactorOf(v) : {}) }, { noAuth: true });
    if (res.data?.status !== 200) throw new Error(res.data?.msg || i18n.t('request.serverError'));
    const token = res.headers['authorization'];
    if (token) setToken(String(token));
    setUser(res.data.data);
    return res.data.data;
  } catch (e) {
    let text = e instanceof Error ? e.message : String(e);
    if (isHttpError(e)) {
      const body = e.response?.data as Partial<Envelope<unknown>> | undefined;
      text = body?.msg || (e.response ? i18n.t('request.serverError') : e.code === 'ECONNABORTED' ? i18n.t('request.timeout') : i18n.t('request.network'));
      // The first ask for a second factor (issue 33) follows a right password: the form shows the code field instead.
      if (!withCode && asksSecondFactor(body?.data)) throw e;
    }
    showError(text);
    throw e;
  }
}

/** /admin/login: the admin area's own login page (spec 03 §2.2). */
export default function AdminLogin() {
  const { t } = useTranslation();
  const auth = useAuth();
  const config = useSiteConfig();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  // Asked for by the server once the account had many failed logins from anywhere (throttle.ts).
  const captcha = useCaptchaOnDemand(form);
  const [needCode, setNeedCode] = useState(false);
  if (auth.token && auth.canEnterAdmin) return <Navigate to="/admin/dashboard" replace />;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const user = await adminLogin(v, captcha.key, needCode);
      toast('success', `${t('admin.login.welcome')}, ${user.username}`);
      navigate('/admin/dashboard', { replace: true });
    } catch (e) {
      // adminLogin showed why.
      if (isHttpError(e) && asksSecondFactor((e.response?.data as Partial<Envelope<unknown>> | undefined)?.data)) setNeedCode(true);
      captcha.failed(isHttpError(e) && !!(e.response?.data as Partial<Envelope<{ needCaptcha?: boolean } | null>> | undefined)?.data?.needCaptcha);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-login-page">
      <Card className="admin-login-card">
        <Typography.Title level={3} className="admin-login-title">
          {config.shortName || config.name} · {t('admin.brand')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="admin-login-sub">
          {t('admin.login.subtitle')}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="admin-login-form">
          <Form.Item name="username" rules={usernameRules()}>
            <Input prefix={<UserOutlined />} size="large" placeholder={t('admin.login.username')} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={passwordRules()}>
            <Input.Password prefix={<LockOutlined />} size="large" placeholder={t('admin.login.password')} autoComplete="current-password" />
          </Form.Item>
          {captcha.asked && <CaptchaField {...captcha.shown} />}
          {needCode && <SecondFactorField />}
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('admin.login.submit')}
          </Button>
        </Form>
        <div className="admin-login-back">
          <a href="/home">{t('admin.backToSite')}</a>
        </div>
      </Card>
    </div>
  );
}
