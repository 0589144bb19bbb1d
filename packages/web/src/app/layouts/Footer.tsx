import { Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useSiteConfig } from '../../stores/site';
import { LANGS, setLang, type Lang } from '../../i18n';

/** Site footer: name, description, links, record line and the language dropdown (spec 01 §2). */
export function Footer() {
  const { t, i18n } = useTranslation();
  const config = useSiteConfig();
  const qc = useQueryClient();
  const links = [
    { to: '/status', label: t('footer.judgeQueue') },
    { to: '/developer', label: t('footer.systemInfo') },
    { href: '/api/docs', label: t('footer.api') },
    { to: '/introduction', label: t('footer.about') },
    { to: '/introduction', label: t('footer.help') },
  ];
  const current = LANGS.find((l) => l.value === i18n.language) ?? LANGS[0];
  const change = (lang: Lang) => {
    setLang(lang);
    // Server texts (announcement dates, messages) follow the language too.
    void qc.invalidateQueries();
  };
  return (
    <footer className="app-footer" data-testid="footer">
      <div className="app-footer-inner">
        <div className="footer-brand">
          <div className="footer-name">{config.name}</div>
          {config.description && <div className="footer-desc">{config.description}</div>}
        </div>
        <nav className="footer-links">
          {links.map((l) =>
            l.href ? (
              <a key={l.label} href={l.href} target="_blank" rel="noreferrer">
                {l.label}
              </a>
            ) : (
              <Link key={l.label} to={l.to!}>
                {l.label}
              </Link>
            ),
          )}
        </nav>
        <div className="footer-bottom">
          <span>
            © {new Date().getFullYear()} {config.shortName}
            {config.recordName && (
              <>
                {' · '}
                <a href={config.recordUrl || '#'} target="_blank" rel="noreferrer">
                  {config.recordName}
                </a>
              </>
            )}
            {' · '}{t('footer.poweredBy')}{' '}
            <a href={config.projectUrl || '#'} target="_blank" rel="noreferrer">
              {config.projectName || 'Verdict'}
            </a>
          </span>
          <Dropdown
            menu={{ items: LANGS.map((l) => ({ key: l.value, label: l.label })), selectedKeys: [current.value], onClick: ({ key }) => change(key as Lang) }}
            trigger={['click']}
          >
            <a className="footer-lang" data-testid="lang-switch" onClick={(e) => e.preventDefault()}>
              <GlobalOutlined /> {current.label}
            </a>
          </Dropdown>
        </div>
      </div>
    </footer>
  );
}
