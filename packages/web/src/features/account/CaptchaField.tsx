import { useCallback, useEffect, useState } from 'react';
import { Form, Input, Space, Tooltip, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type CaptchaResult } from '@verdict/shared';
import { getCaptcha } from './api';
import { captchaRules } from './rules';

/** An image captcha, fetched once `wanted` (single use: reload it after every attempt). */
export function useCaptcha(wanted: boolean) {
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  const reload = useCallback(async () => {
    try {
      setCaptcha(await getCaptcha());
    } catch {
      setCaptcha(null);
    }
  }, []);
  useEffect(() => {
    if (wanted) void reload();
  }, [wanted, reload]);
  return { captcha, reload };
}

/**
 * A captcha shown once the server asks for one (an error with data.needCaptcha, as a login to an
 * account with many failures gets); from then on every failure clears the field and shows a fresh
 * one. `failed(needCaptcha)` after each failed attempt; `key` to send while one is shown.
 */
export function useCaptchaOnDemand<V extends { captcha?: string }>(form: FormInstance<V>) {
  const [asked, setAsked] = useState(false);
  const shown = useCaptcha(asked);
  const failed = (needCaptcha: boolean) => {
    if (needCaptcha || asked) form.setFieldValue('captcha' as never, '' as never);
    if (asked) void shown.reload();
    else if (needCaptcha) setAsked(true);
  };
  return { asked, shown, key: asked ? shown.captcha?.captchaKey : undefined, failed };
}

/** The form's `captcha` field beside its picture; a click on the picture shows another. */
export function CaptchaField({ captcha, reload }: ReturnType<typeof useCaptcha>) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space.Compact block>
        <Form.Item name="captcha" noStyle rules={captchaRules()}>
          <Input prefix={<SafetyOutlined />} placeholder={t('account.captcha')} size="large" maxLength={LIMITS.captchaMax} />
        </Form.Item>
        <Tooltip title={t('account.refreshCaptcha')}>
          <button type="button" className="captcha-img" onClick={() => void reload()} data-testid="captcha-img">
            {captcha && <img src={captcha.img} alt="captcha" />}
          </button>
        </Tooltip>
      </Space.Compact>
    </Form.Item>
  );
}
