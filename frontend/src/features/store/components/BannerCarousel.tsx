import { useLingui } from "@lingui/react/macro";
import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import "swiper/css";
import "swiper/css/pagination";
import { prefersLight } from "../../../lib/connection";
import { AUTOPLAY_MS, BANNERS, BannerSlide } from "./banners";
import styles from "./BannerCarousel.module.css";

const BannerSwiper = lazy(() => import("./BannerSwiper"));

/**
 * Three banners, auto-playing every 3000 ms in a loop, with clickable pagination.
 *
 * The banners are plain markup (in the page's HTML), in Swiper's own classes: Swiper's code and
 * set-up were the longest tasks of the store home's start, and nothing needs them while the
 * first banner is shown. They load when that banner's turn is over (and the carousel moves on to
 * the second), or at once when the visitor touches the banner or picks a dot (and it goes to
 * that one). The dots come once the app runs, as Swiper's did.
 */
export function BannerCarousel() {
  const { t } = useLingui();
  const [go, setGo] = useState<number | null>(null); // the banner Swiper moves to; null: not loaded
  // In a transition: the first banner stays on screen (the same nodes, so a tap's click still
  // lands on the dot it started on) until Swiper's code has arrived.
  const load = (banner: number) => startTransition(() => setGo((current) => current ?? banner));
  // The dots come with the app, as Swiper's did: in the HTML before it, a tap on one would be lost.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  useEffect(() => {
    // On Save-Data or a slow link the banners wait for the visitor: no turn on its own.
    if (go !== null || prefersLight()) return;
    const turn = window.setTimeout(() => load(1), AUTOPLAY_MS);
    return () => window.clearTimeout(turn);
  }, [go]);

  const still = (
    <div
      className="swiper swiper-initialized swiper-horizontal"
      onPointerDown={() => load(0)}
    >
      {/* Every banner is laid out, as in Swiper's own markup, so the carousel is as tall as its
          tallest banner from the start; the others wait outside its box. */}
      <div className="swiper-wrapper">
        {BANNERS.map((banner, index) => (
          <div
            key={banner.art}
            className={`swiper-slide${index === 0 ? " swiper-slide-active" : index === 1 ? " swiper-slide-next" : ""}`}
            data-banner={index + 1}
            aria-hidden={index === 0 ? undefined : true}
            inert={index === 0 ? undefined : true}
          >
            <BannerSlide banner={banner} index={index} />
          </div>
        ))}
      </div>
      <div className="swiper-pagination swiper-pagination-clickable swiper-pagination-bullets swiper-pagination-horizontal">
        {live && BANNERS.map((banner, index) => {
          const slide = index + 1;
          return (
          <button
            key={banner.art}
            type="button"
            className={`swiper-pagination-bullet${index === 0 ? " swiper-pagination-bullet-active" : ""}`}
            aria-label={t`Go to slide ${slide}`}
            aria-current={index === 0 ? "true" : undefined}
            onPointerDown={(event) => {
              event.stopPropagation();
              load(index);
            }}
            onClick={() => load(index)}
          />
          );
        })}
      </div>
    </div>
  );
  return (
    <section className={styles.banner} aria-label={t`Offers`}>
      {go === null ? still : <Suspense fallback={still}><BannerSwiper go={go} /></Suspense>}
    </section>
  );
}
