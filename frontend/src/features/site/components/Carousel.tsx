import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { CarouselProps } from "./SwiperCarousel";
import styles from "./Carousel.module.css";

const SwiperCarousel = lazy(() => import("./SwiperCarousel"));

/**
 * A carousel whose code (Swiper) stays off the page's first download: it loads when the
 * carousel comes on screen, so a visitor who never scrolls there never pays for it (loading it
 * once the browser was idle, or 300 px ahead, made the longest tasks of a page's start, and its
 * autoplay kept the main thread busy). Until then the first slide stands in its place, so the
 * page paints without it and nothing moves when Swiper arrives.
 */
export function Carousel(props: CarouselProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const observer = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want();
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS length
    }, { rootMargin: "0px" }) : null;
    if (holder.current && observer) observer.observe(holder.current);
    // Without IntersectionObserver (old browsers) it loads at once.
    if (!observer) want();
    return () => observer?.disconnect();
  }, [wanted]);

  const still = (
    <div className={`${styles.carousel} ${props.className ?? ""}`} data-testid={props.testId}>
      {props.slides[0]}
    </div>
  );
  return (
    <div ref={holder}>
      {wanted ? (
        <Suspense fallback={still}>
          <SwiperCarousel {...props} />
        </Suspense>
      ) : (
        still
      )}
    </div>
  );
}
