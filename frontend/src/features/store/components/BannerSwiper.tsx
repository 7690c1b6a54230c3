import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Autoplay, Pagination } from "swiper/modules";
import { prefersLight } from "../../../lib/connection";
import { AUTOPLAY_MS, BANNERS, BannerSlide } from "./banners";

/** The banners under Swiper: loaded once the first banner has been shown for a turn, or at once
 * when the visitor reaches for the banner; it starts on the first banner and moves to `go`. */
export default function BannerSwiper({ go }: { go: number }) {
  return (
    <Swiper
      modules={[Autoplay, Pagination, A11y]}
      // On Save-Data or a slow link the banners move only when the visitor moves them.
      autoplay={prefersLight() ? false : { delay: AUTOPLAY_MS, disableOnInteraction: false }}
      loop
      pagination={{ clickable: true }}
      spaceBetween={0}
      slidesPerView={1}
      onInit={(swiper) => {
        if (go !== 0) swiper.slideToLoop(go);
      }}
    >
      {BANNERS.map((banner, index) => (
        <SwiperSlide key={banner.art} data-banner={index + 1}>
          <BannerSlide banner={banner} index={index} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
