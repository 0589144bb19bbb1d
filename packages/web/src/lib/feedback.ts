import { TIMING } from '@verdict/shared';
import i18n from 'i18next';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * Toasts (antd message: one at a time, top centre, 4 s) and notifications, usable outside React
 * (the request layer). <FeedbackBridge/> inside antd's <App> fills these in.
 */
export const feedback: { message: MessageInstance | null; notification: NotificationInstance | null; modal: ModalHookAPI | null } = {
  message: null,
  notification: null,
  modal: null,
};

type ToastType = 'success' | 'error' | 'info' | 'warning' | 'loading';
export function toast(type: ToastType, text: string, seconds: number = TIMING.toastSeconds) {
  feedback.message?.open({ type, content: text, duration: seconds });
}

/** Error toast plus, on desktop, a 5 s notification titled "Error" (spec 01 §8). */
export function showError(text: string, title = i18n.t('request.errorTitle')) {
  toast('error', text);
  if (window.innerWidth >= 992) feedback.notification?.error({ message: title, description: text, duration: TIMING.notificationSeconds, placement: 'topRight' });
}
