import { CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REMOTE_OJS } from '@verdict/shared';
import { Panel } from '../../components/Panel';
import { useSiteConfig } from '../../stores/site';

/** Home pages of the remote judges named by the spec. */
const SITES: Record<string, string> = {
  HDU: 'https://acm.hdu.edu.cn',
  CF: 'https://codeforces.com',
  POJ: 'http://poj.org',
  GYM: 'https://codeforces.com/gyms',
  AC: 'https://atcoder.jp',
  SPOJ: 'https://www.spoj.com',
  LIBRE: 'https://loj.ac',
};

/** The switched-on remote judges (admin area, remote judges); none until an admin turns one on. */
export function RemoteJudges() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const enabled = REMOTE_OJS.filter((oj) => site.remoteJudges.includes(oj.key));
  return (
    <Panel
      title={
        <span>
          <CloudServerOutlined style={{ color: '#8b5cf6', marginRight: 8 }} />
          {t('home.remoteJudges')}
        </span>
      }
      testId="remote-judges"
    >
      {enabled.length === 0 && <p className="home-empty">{t('home.noRemoteJudges')}</p>}
      <div className="home-oj-grid">
        {enabled.map((oj) => (
          <a key={oj.key} href={SITES[oj.key]} target="_blank" rel="noreferrer" className="home-oj">
            <span className="home-oj-key">{oj.name}</span>
            {oj.name !== oj.key && <span className="home-oj-name">{oj.key}</span>}
          </a>
        ))}
      </div>
    </Panel>
  );
}
