import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { CarouselProps } from "./SwiperCarousel";
import styles from "./Carousel.module.css";

const SwiperCarousel = lazy(() => import("./SwiperCarousel"));

/**
 * A carousel whose code (Swiper) stays off the page's first download: it loads when the
 * carousel nears the viewport or once the browser is idle after the page is shown. Until then
 * the first slide stands in its place, so the page paints without it.
 */
export function Carousel(props: CarouselProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const observer = "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want();
    }, { rootMargin: "300px" }) : null;
    if (holder.current && observer) observer.observe(holder.current);
    const idle = "requestIdleCallback" in window ? window.requestIdleCallback(want, { timeout: 2500 }) : null;
    const timer = idle === null ? window.setTimeout(want, 1500) : null;
    return () => {
      observer?.disconnect();
      if (idle !== null) window.cancelIdleCallback(idle);
      if (timer !== null) window.clearTimeout(timer);
    };
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
