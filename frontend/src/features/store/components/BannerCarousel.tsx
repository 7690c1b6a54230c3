import { Swiper, SwiperSlide } from "swiper/react";
import { A11y, Autoplay, Pagination } from "swiper/modules";
import "swiper/css";
import "swiper/css/pagination";
import styles from "./BannerCarousel.module.css";

const BANNERS = [
  { src: "/img/store/banner-1.svg", alt: "Free delivery in 1 hour. Order now." },
  { src: "/img/store/banner-2.svg", alt: "Up to 20% off on wires and cables. Shop wires." },
  { src: "/img/store/banner-3.svg", alt: "LED lights for every shop. Explore LEDs." },
];

/** Three banners, auto-playing every 3000 ms in a loop, with clickable pagination. */
export function BannerCarousel() {
  return (
    <section className={styles.banner} aria-label="Offers">
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        autoplay={{ delay: 3000, disableOnInteraction: false }}
        loop
        pagination={{ clickable: true }}
        spaceBetween={0}
        slidesPerView={1}
      >
        {BANNERS.map((banner, index) => (
          <SwiperSlide key={banner.src} data-banner={index + 1}>
            <img src={banner.src} alt={banner.alt} width={1200} height={400} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
