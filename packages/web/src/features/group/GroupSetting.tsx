import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Modal, Row, Slider, Space } from 'antd';
import { SaveOutlined, UploadOutlined } from '@ant-design/icons';
import Cropper, { type Area } from 'react-easy-crop';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n';
import { showError, toast } from '../../lib/feedback';
import { avatarProblem, cropToPng } from '../setting';
import { groupApi, invalidateGroupLists } from './api';
import { useGroup } from './context';
import { GroupAvatar } from './GroupList';
import { GroupFormFields, groupBodyOf, groupFormOf, useGroupFormCheck } from './GroupForm';
import type { GroupFormValues } from './validate';

/** /group/{id}/setting (group root): the avatar with a square cropper (200x200 PNG, at most 2 MB, the spec's types) and the info form. */
export function GroupSetting() {
  const { t } = useTranslation();
  const g = useGroup();
  const qc = useQueryClient();
  const [value, setValue] = useState<GroupFormValues>(() => groupFormOf(g.group));
  const [busy, setBusy] = useState(false);
  const { errors, check } = useGroupFormCheck();
  useEffect(() => setValue(groupFormOf(g.group)), [g.group]);
  const save = async () => {
    if (!check(value)) return;
    setBusy(true);
    try {
      await groupApi.update(groupBodyOf(value, g.gid));
      toast('success', t('group.updated'));
      g.refresh();
      void invalidateGroupLists(qc);
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}><Card title={t('group.avatar')}><GroupAvatarUpload /></Card></Col>
      <Col xs={24} lg={16}>
        <Card title={t('group.info')}>
          <GroupFormFields value={value} onChange={setValue} errors={errors} />
          <Button type="primary" icon={<SaveOutlined />} loading={busy} onClick={() => void save()} data-testid="group-setting-save">{t('group.save')}</Button>
        </Card>
      </Col>
    </Row>
  );
}

function GroupAvatarUpload() {
  const { t } = useTranslation();
  const g = useGroup();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => { if (src) URL.revokeObjectURL(src); }, [src]);
  const pick = (file: File | undefined) => {
    if (!file) return;
    // Type and 2 MB checks before cropping; the server checks again.
    const problem = avatarProblem(file);
    if (problem) return showError(msg(problem));
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setSrc(URL.createObjectURL(file));
  };
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  const upload = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      await groupApi.uploadAvatar(g.gid, await cropToPng(src, area));
      toast('success', t('group.avatarUploaded'));
      setSrc(null);
      g.refresh();
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  return (
    <div className="group-avatar-upload">
      <GroupAvatar group={g.group} size={140} />
      <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} data-testid="group-avatar-pick">{t('group.changeAvatar')}</Button>
      <div className="group-hint">{t('group.avatarHint')}</div>
      <input ref={input} type="file" style={{ display: 'none' }} accept=".gif,.jpg,.jpeg,.png,.bmp,.webp" data-testid="group-avatar-file" aria-label={t('group.changeAvatar')}
        onChange={(e) => { pick(e.target.files?.[0]); e.target.value = ''; }} />
      <Modal open={!!src} title={t('group.cropAvatar')} onCancel={() => setSrc(null)} maskClosable={false} width={460}
        footer={<Space><Button onClick={() => setSrc(null)}>{t('group.cancel')}</Button><Button type="primary" loading={busy} onClick={() => void upload()} data-testid="group-avatar-upload">{t('group.upload')}</Button></Space>}>
        <div className="group-cropper">
          {src && <Cropper image={src} crop={crop} zoom={zoom} aspect={1} showGrid={false} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onCropComplete} />}
        </div>
        <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} aria-label={t('group.zoom')} />
      </Modal>
    </div>
  );
}
