import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_MODES, useThemeMode } from './mode';
import { ThemeIcon } from './ThemeIcon';
import { chooseTheme } from './sync';

/** The visitor's theme switch in the navbar (issue 32): one button going system → light → dark. Signed-in users have it in their menu. */
export function ThemeButton() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = t('theme.current', { mode: t(`theme.${mode}`) });
  const next = THEME_MODES[(THEME_MODES.indexOf(mode) + 1) % THEME_MODES.length];
  return <Button type="text" icon={<ThemeIcon mode={mode} />} aria-label={label} title={label} onClick={() => void chooseTheme(next).catch(() => undefined)} data-testid="nav-theme" />;
}
