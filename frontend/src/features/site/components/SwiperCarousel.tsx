import { prefersLight } from "../../../lib/connection";
import { Trans } from "@lingui/react/macro";
import { useRef, useState, type ReactNode } from "react";
import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Autoplay, Pagination } from "swiper/modules";
import type { Swiper as SwiperInstance } from "swiper";
import "swiper/css";
import "swiper/css/pagination";
import { useReducedMotion } from "./useReducedMotion";
import styles from "./Carousel.module.css";

export interface CarouselProps {
  label: string;
  delay: number;
  slides: ReactNode[];
  slidesPerView?: number;
  breakpoints?: Record<number, { slidesPerView: number; spaceBetween?: number }>;
  pagination?: boolean;
  className?: string;
  testId?: string;
}

/**
 * An auto-advancing carousel (Swiper) with a pause button, as moving content needs one.
 * With reduced motion the slides still change on the timer, but without the sliding animation.
 */
export default function SwiperCarousel({
  label,
  delay,
  slides,
  slidesPerView = 1,
  breakpoints,
  pagination = true,
  className,
  testId,
}: CarouselProps) {
  const reduced = useReducedMotion();
  const swiper = useRef<SwiperInstance | null>(null);
  // On Save-Data or a slow link it waits to be moved: each turn would fetch the next pictures.
  const [playing, setPlaying] = useState(() => !prefersLight());

  const toggle = () => {
    if (!swiper.current) return;
    if (playing) swiper.current.autoplay.stop();
    else swiper.current.autoplay.start();
    setPlaying(!playing);
  };

  return (
    <div className={`${styles.carousel} ${className ?? ""}`} role="region" aria-roledescription="carousel" aria-label={label} data-testid={testId}>
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        onSwiper={(instance) => {
          swiper.current = instance;
        }}
        autoplay={{ delay, disableOnInteraction: false, pauseOnMouseEnter: false, enabled: playing }}
        speed={reduced ? 0 : 500}
        loop={slides.length > slidesPerView + 1}
        slidesPerView={slidesPerView}
        spaceBetween={16}
        breakpoints={breakpoints}
        pagination={pagination ? { clickable: true } : false}
        a11y={{ enabled: true }}
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={index}>{slide}</SwiperSlide>
        ))}
      </Swiper>
      <button type="button" className={styles.pause} onClick={toggle} aria-pressed={!playing}>
        {playing ? <Trans>Pause</Trans> : <Trans>Play</Trans>}
        <span className="visually-hidden"> {label}</span>
      </button>
    </div>
  );
}
