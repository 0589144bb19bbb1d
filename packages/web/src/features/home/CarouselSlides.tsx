import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@verdict/shared';

/** The admin's pictures, one every 5 s (spec 01 "Home"); its own chunk, see HomeCarousel. */
export default function CarouselSlides({ images, height }: { images: string[]; height: number }) {
  const { t } = useTranslation();
  return (
    <Carousel autoplay autoplaySpeed={TIMING.carouselIntervalMs} className="home-carousel" data-testid="home-carousel">
      {images.map((src, i) => (
        <div key={src}>
          <div className="home-carousel-slide" style={{ height, backgroundImage: `url("${encodeURI(src)}")` }} role="img"
            aria-label={t('home.carouselPicture', { n: i + 1, total: images.length })} data-testid="home-carousel-slide" />
        </div>
      ))}
    </Carousel>
  );
}
