import './zod-jitless';
import { useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';
import { themeStore } from '../theme/mode';
import '../theme/sync';
import { router } from './router';
import { feedback } from '../lib/feedback';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Hands antd's context-aware message/notification/modal to code outside React. */
function FeedbackBridge() {
  const { message, notification, modal } = AntApp.useApp();
  useEffect(() => {
    feedback.message = message;
    feedback.notification = notification;
    feedback.modal = modal;
  }, [message, notification, modal]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en-US' ? enUS : zhCN;
  // The dark theme's config arrives in its own chunk; main.tsx waits for it before the first render in the dark theme.
  const antdTheme = themeStore.use((s) => (s.dark && s.darkConfig) || theme);
  return (
    <ConfigProvider locale={locale} theme={antdTheme}>
      <AntApp message={{ maxCount: 1, duration: 4, top: 16 }} notification={{ maxCount: 1 }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
