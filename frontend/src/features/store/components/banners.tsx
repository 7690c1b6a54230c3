import { Link } from "react-router";
import styles from "./BannerCarousel.module.css";

export const AUTOPLAY_MS = 3000;

export interface Banner {
  art: string;
  tone: "dark" | "sun" | "light";
  kicker: string;
  title: string;
  highlight: string;
  text: string;
  action: string;
  to: string;
}

// The words and buttons are HTML over the art (the SVGs are pictures only), so they stay
// legible on a phone, are read out, and the buttons go somewhere.
export const BANNERS: Banner[] = [
  {
    art: "/img/store/banner-1.svg",
    tone: "dark",
    kicker: "Quick commerce",
    title: "Free delivery",
    highlight: "in 1 hour",
    text: "Wires, switches, fans & lights at your shop door",
    action: "Order now",
    to: "/products",
  },
  {
    art: "/img/store/banner-2.svg",
    tone: "sun",
    kicker: "Limited offer",
    title: "Up to 20% off",
    highlight: "on wires & cables",
    text: "On top wire brands, on easy credit",
    action: "Shop wires",
    to: "/products?category=home-wires",
  },
  {
    art: "/img/store/banner-3.svg",
    tone: "light",
    kicker: "Bright deals",
    title: "LED lights",
    highlight: "for every shop",
    text: "Bulbs, battens & panels at wholesale prices",
    action: "Explore LEDs",
    to: "/products?category=led-bulbs",
  },
];

/** One banner's art, words and button; the first one's art is the page's largest paint. */
export function BannerSlide({ banner, index }: { banner: Banner; index: number }) {
  return (
    <div className={`${styles.slide} ${styles[banner.tone]}`}>
      {/* The first banner is the page's largest paint: fetched first (and see public/start.js). */}
      <img
        className={styles.art}
        src={banner.art}
        alt=""
        width={1200}
        height={400}
        fetchPriority={index === 0 ? "high" : undefined}
      />
      <div className={styles.copy}>
        <p className={styles.kicker}>{banner.kicker}</p>
        <p className={styles.title}>
          {banner.title} <span className={styles.highlight}>{banner.highlight}</span>
        </p>
        <p className={styles.text}>{banner.text}</p>
        <Link to={banner.to} className={`btn ${styles.action}`}>
          {banner.action} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </div>
  );
}
