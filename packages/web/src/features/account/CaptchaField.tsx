import { useCallback, useEffect, useState } from 'react';
import { Form, Input, Space, Tooltip } from 'antd';
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
