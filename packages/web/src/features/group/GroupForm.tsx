import { useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/feedback';
import { MarkdownField } from '../admin';
import { GroupAuth } from './context';
import { GROUP_LIMITS } from './limits';
import { checkGroupForm, type FieldErrors, type GroupFormValues } from './validate';
import type { GroupBody, GroupVo } from './api';

export const emptyGroupForm = (): GroupFormValues => ({ name: '', shortName: '', brief: '', auth: GroupAuth.PUBLIC, code: '', description: '', visible: true });
export const groupFormOf = (g: GroupVo): GroupFormValues => ({
  name: g.name, shortName: g.shortName, brief: g.brief, auth: g.auth, code: g.code ?? '', description: g.description ?? '', visible: g.visible !== false,
});
export const groupBodyOf = (f: GroupFormValues, id?: number): GroupBody => ({
  ...(id ? { id } : {}),
  name: f.name.trim(), shortName: f.shortName.trim(), brief: f.brief.trim(), description: f.description,
  auth: f.auth ?? GroupAuth.PUBLIC, code: f.auth === GroupAuth.PUBLIC ? null : f.code.trim(), visible: f.visible,
});

/**
 * The group form of spec 03 §5: name 5-25, short name 5-10 (prefix of the group's problem IDs),
 * brief 5-50, auth, code of exactly 6 when not public, visibility, description 5-1000.
 * Broken rules show under their fields and the first one as an error toast.
 */
export function GroupFormFields({ value, onChange, errors }: { value: GroupFormValues; onChange: (v: GroupFormValues) => void; errors: FieldErrors<keyof GroupFormValues> }) {
  const { t } = useTranslation();
  const set = (p: Partial<GroupFormValues>) => onChange({ ...value, ...p });
  const err = (k: keyof GroupFormValues) => (errors[k] ? { validateStatus: 'error' as const, help: errors[k] } : {});
  return (
    <Form layout="vertical" className="group-form" data-testid="group-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('group.name')} required {...err('name')}>
            <Input value={value.name} onChange={(e) => set({ name: e.target.value })} maxLength={GROUP_LIMITS.name[1]} showCount placeholder={t('group.name')} data-testid="group-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('group.shortName')} tooltip={t('group.shortNameTip')} required {...err('shortName')}>
            <Input value={value.shortName} onChange={(e) => set({ shortName: e.target.value })} maxLength={GROUP_LIMITS.shortName[1]} showCount placeholder={t('group.shortName')} data-testid="group-short-name" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('group.brief')} required {...err('brief')}>
            <Input value={value.brief} onChange={(e) => set({ brief: e.target.value })} maxLength={GROUP_LIMITS.brief[1]} showCount placeholder={t('group.brief')} data-testid="group-brief" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('group.auth')} required {...err('auth')} extra={value.auth ? t(`group.auth${value.auth}Tip`) : undefined}>
            <Select value={value.auth ?? undefined} onChange={(v) => set({ auth: v })} data-testid="group-auth" aria-label={t('group.auth')}
              options={[GroupAuth.PUBLIC, GroupAuth.PROTECTED, GroupAuth.PRIVATE].map((a) => ({ value: a, label: t(`group.auth${a}`), title: t(`group.auth${a}Tip`) }))} />
          </Form.Item>
        </Col>
        {value.auth !== GroupAuth.PUBLIC && (
          <Col xs={24} md={8}>
            <Form.Item label={t('group.code')} required {...err('code')}>
              <Input value={value.code} onChange={(e) => set({ code: e.target.value })} maxLength={GROUP_LIMITS.code} showCount placeholder={t('group.code')} data-testid="group-code" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Form.Item label={t('group.visibleLabel')}>
            <Space>
              <Switch checked={value.visible} onChange={(v) => set({ visible: v })} aria-label={t('group.visibleLabel')} />
              <span>{value.visible ? t('group.visibleOn') : t('group.visibleOff')}</span>
            </Space>
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('group.description')} required {...err('description')}>
            <MarkdownField value={value.description} onChange={(v) => set({ description: v })} rows={8} testId="group-description" ariaLabel={t('group.description')} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** Validates, toasts the first broken rule, and returns whether the form may be sent. */
export function useGroupFormCheck() {
  const [errors, setErrors] = useState<FieldErrors<keyof GroupFormValues>>({});
  const check = (f: GroupFormValues) => {
    const { first, errors: e } = checkGroupForm(f);
    setErrors(e);
    if (first) showError(first);
    return !first;
  };
  return { errors, check, reset: () => setErrors({}) };
}

/** Full-screen create dialog of the group list. */
export function CreateGroupDialog({ open, onClose, submit }: { open: boolean; onClose: () => void; submit: (f: GroupFormValues) => Promise<void> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<GroupFormValues>(emptyGroupForm);
  const [busy, setBusy] = useState(false);
  const { errors, check, reset } = useGroupFormCheck();
  const ok = async () => {
    if (!check(value)) return;
    setBusy(true);
    try {
      await submit(value);
      setValue(emptyGroupForm());
      reset();
    } catch { /* shown by the request layer */ } finally { setBusy(false); }
  };
  return (
    <Modal open={open} title={t('group.createGroup')} onCancel={onClose} width="100%" style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }} maskClosable={false}
      footer={<Space><Button onClick={onClose}>{t('group.cancel')}</Button><Button type="primary" loading={busy} onClick={() => void ok()} data-testid="group-create-ok">{t('group.ok')}</Button></Space>}>
      <GroupFormFields value={value} onChange={setValue} errors={errors} />
    </Modal>
  );
}
