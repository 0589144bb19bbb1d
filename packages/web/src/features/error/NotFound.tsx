import { useEffect, useState } from 'react';
import { Button, Space } from 'antd';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

const TARGET = [4, 0, 4];
const TICK_MS = 30;
/** Ticks each digit spins before it settles; the digits settle one after another. */
const SPIN_TICKS = [24, 36, 48];

/** The digits roll every 30 ms and settle left to right on 4-0-4 (spec 01 §2). */
function useRollingDigits() {
  const [digits, setDigits] = useState<number[]>([0, 0, 0]);
  useEffect(() => {
    let tick = 0;
    const timer = window.setInterval(() => {
      tick++;
      setDigits(TARGET.map((d, i) => (tick >= SPIN_TICKS[i] ? d : Math.floor(Math.random() * 10))));
      if (tick >= SPIN_TICKS[SPIN_TICKS.length - 1]) window.clearInterval(timer);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return digits;
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const digits = useRollingDigits();
  return (
    <div className="not-found" data-testid="not-found">
      <div className="not-found-digits" aria-label="404">
        {digits.map((d, i) => (
          <span key={i} className="not-found-digit">
            {d}
          </span>
        ))}
      </div>
      <p className="not-found-text">{t('notFound.text')}</p>
      <Space size={12}>
        <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate('/home')}>
          {t('notFound.goHome')}
        </Button>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('notFound.back')}
        </Button>
      </Space>
    </div>
  );
}
