import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { closeAuthModal, userStore } from '../../stores/user';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { ResetPwdForm } from './ResetPwdForm';

const TITLES = { login: 'account.login', register: 'account.register', resetPwd: 'account.resetPwd' } as const;

/** The 370 px Login / Register / ResetPwd dialog (spec 01 §2); clicking outside does not close it. */
export function AuthModal() {
  const { t } = useTranslation();
  const mode = userStore.use((s) => s.authModal);
  return (
    <Modal
      open={!!mode}
      width={370}
      title={mode ? t(TITLES[mode]) : ''}
      footer={null}
      maskClosable={false}
      destroyOnHidden
      centered
      onCancel={closeAuthModal}
      className="auth-modal"
      styles={{ body: { paddingTop: 8 } }}
      data-testid="auth-modal"
    >
      {mode === 'login' && <LoginForm />}
      {mode === 'register' && <RegisterForm />}
      {mode === 'resetPwd' && <ResetPwdForm />}
    </Modal>
  );
}
