import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { chooseTheme } from '../../theme/sync';
import { THEME_MODES, useThemeMode } from '../../theme/mode';
import { ThemeIcon } from '../../theme/ThemeIcon';
import { toast } from '../../lib/feedback';

/** The settings' Appearance section (issue 32): light, dark or the system's, kept with the account. */
export function ThemeSetting() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  return (
    <div className="setting-theme" data-testid="setting-theme">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={mode}
        aria-label={t('theme.label')}
        onChange={(e) => {
          void chooseTheme(e.target.value).then(() => toast('success', t('setting.themeSaved')), () => undefined);
        }}
        options={THEME_MODES.map((m) => ({
          value: m,
          label: (
            <span className="setting-theme-option">
              <ThemeIcon mode={m} /> {t(`theme.${m}`)}
            </span>
          ),
        }))}
      />
      <div className="setting-hint">{t('setting.themeHint')}</div>
    </div>
  );
}
