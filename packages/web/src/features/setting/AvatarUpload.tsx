import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Modal, Slider, Space } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n';
import { showError, toast } from '../../lib/feedback';
import { UserAvatar } from '../../components';
import { setUser, useAuth } from '../../stores/user';
import { settingApi } from './api';
import { avatarProblem, cropToPng } from './crop-image';

/** Current avatar, a file picker and a square crop dialog; the crop is uploaded as a 200x200 PNG. */
export function AvatarUpload() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => {
    if (src) URL.revokeObjectURL(src);
  }, [src]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      showError(msg(problem));
      return;
    }
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSrc(URL.createObjectURL(file));
  };
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const upload = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      const png = await cropToPng(src, area);
      const info = await settingApi.uploadAvatar(png);
      if (user) setUser({ ...user, ...info });
      toast('success', t('setting.avatarUploaded'));
      setSrc(null);
    } catch {
      // Errors were shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="setting-avatar">
      <UserAvatar username={user?.username ?? ''} src={user?.avatar} size={96} />
      <div>
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} data-testid="avatar-pick">
          {t('setting.changeAvatar')}
        </Button>
        <div className="setting-hint">{t('setting.avatarHint')}</div>
      </div>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        accept=".gif,.jpg,.jpeg,.png,.bmp,.webp"
        data-testid="avatar-file"
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Modal
        open={!!src}
        title={t('setting.cropAvatar')}
        onCancel={() => setSrc(null)}
        maskClosable={false}
        width={460}
        footer={
          <Space>
            <Button onClick={() => setSrc(null)}>{t('setting.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={upload} data-testid="avatar-upload">
              {t('setting.upload')}
            </Button>
          </Space>
        }
      >
        <div className="setting-cropper">
          {src && (
            <Cropper image={src} crop={crop} zoom={zoom} aspect={1} cropShape="round" showGrid={false} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onCropComplete} />
          )}
        </div>
        <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} aria-label={t('setting.zoom')} />
      </Modal>
    </div>
  );
}
