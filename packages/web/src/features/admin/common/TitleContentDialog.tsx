import { useEffect, useState } from 'react';
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { msg } from '../../../i18n/messages';
import { toast } from '../../../lib/feedback';
import { MarkdownField } from './MarkdownField';

export interface TitleContentValues { title: string; content: string; visible: boolean }

/**
 * Create or edit dialog of a titled markdown text (announcements, system notices): title and
 * content required with the spec 03 §5 messages, optionally a visibility switch. `initial` null
 * keeps it closed; `isNew` picks the create wording.
 */
export function TitleContentDialog(props: {
  initial: TitleContentValues | null;
  isNew: boolean;
  titles: { create: string; edit: string };
  okText?: string;
  successText: string;
  withVisible?: boolean;
  testId: string;
  contentTestId?: string;
  submit: (v: TitleContentValues) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TitleContentValues>();
  const [busy, setBusy] = useState(false);
  const { initial } = props;
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [initial, form]);

  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await props.submit({ ...v, title: v.title.trim() });
      toast('success', props.successText);
      props.onSaved();
      props.onClose();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!initial}
      title={props.isNew ? props.titles.create : props.titles.edit}
      onCancel={props.onClose}
      onOk={save}
      confirmLoading={busy}
      maskClosable={false}
      destroyOnHidden
      width={820}
      okText={props.okText ?? t('admin.common.save')}
    >
      <Form form={form} layout="vertical" data-testid={props.testId}>
        <Form.Item name="title" label={t('admin.common.title')} rules={[{ required: true, whitespace: true, message: msg('titleRequired') }, { max: 255 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="content" label={t('admin.common.content')} rules={[{ required: true, whitespace: true, message: msg('contentEmpty') }, { max: 65535 }]}>
          <MarkdownField testId={props.contentTestId} />
        </Form.Item>
        {props.withVisible && (
          <Form.Item name="visible" label={t('admin.common.visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
