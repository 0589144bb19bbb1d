import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { carouselQuery } from './api';
import { useIsNarrow } from '../../lib/hooks';
import { useSiteConfig } from '../../stores/site';
import { routeExists } from '../../app/route-registry';

// The slider (antd Carousel, react-slick) loads only when the admin has set pictures.
const CarouselSlides = lazy(() => import('./CarouselSlides'));

/** Carousel of the admin's images (5 s, 440 px / 200 px under 768 px); a welcome banner while none are set. */
export function HomeCarousel() {
  const { t } = useTranslation();
  const narrow = useIsNarrow();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const q = useQuery({ ...carouselQuery(), staleTime: 60_000 });
  const height = narrow ? 200 : 440;
  const images = (q.data ?? []).map((p) => p.url);

  if (!images.length)
    return (
      <div className="home-banner" style={{ height }} data-testid="home-banner">
        <div className="home-banner-text">
          <h1>{t('home.welcome', { name: config.name })}</h1>
          <p>{config.description || t('home.welcomeSub')}</p>
          {routeExists('/problem') && (
            <Button size={narrow ? 'middle' : 'large'} onClick={() => navigate('/problem')}>
              {t('home.startPractice')}
            </Button>
          )}
        </div>
      </div>
    );

  return (
    <Suspense fallback={<div className="home-carousel" style={{ height }} />}>
      <CarouselSlides images={images} height={height} />
    </Suspense>
  );
}
