import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import styles from "./BannerCarousel.module.css";

export const AUTOPLAY_MS = 3000;

export interface Banner {
  art: string;
  tone: "dark" | "sun" | "light";
  kicker: MessageDescriptor;
  title: MessageDescriptor;
  highlight: MessageDescriptor;
  text: MessageDescriptor;
  action: MessageDescriptor;
  to: string;
}

// The words and buttons are HTML over the art (the SVGs are pictures only), so they stay
// legible on a phone, are read out, and the buttons go somewhere.
export const BANNERS: Banner[] = [
  {
    art: "/img/store/banner-1.svg",
    tone: "dark",
    kicker: msg`Quick commerce`,
    title: msg`Electricals delivered`,
    highlight: msg`to your pin code`,
    text: msg`Wires, switches, fans & lights at your shop door: choose your pin code to see when`,
    action: msg`Order now`,
    to: "/products",
  },
  {
    art: "/img/store/banner-2.svg",
    tone: "sun",
    kicker: msg`Limited offer`,
    title: msg`Up to 20% off`,
    highlight: msg`on wires & cables`,
    text: msg`On top wire brands, on easy credit`,
    action: msg`Shop wires`,
    to: "/products?category=home-wires",
  },
  {
    art: "/img/store/banner-3.svg",
    tone: "light",
    kicker: msg`Bright deals`,
    title: msg`LED lights`,
    highlight: msg`for every shop`,
    text: msg`Bulbs, battens & panels at wholesale prices`,
    action: msg`Explore LEDs`,
    to: "/products?category=led-bulbs",
  },
];

/** One banner's art, words and button; the first one's art is the page's largest paint. */
export function BannerSlide({ banner, index }: { banner: Banner; index: number }) {
  const { t } = useLingui();
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
        <p className={styles.kicker}>{t(banner.kicker)}</p>
        <p className={styles.title}>
          {t(banner.title)} <span className={styles.highlight}>{t(banner.highlight)}</span>
        </p>
        <p className={styles.text}>{t(banner.text)}</p>
        <Link to={banner.to} className={`btn ${styles.action}`}>
          {t(banner.action)} <span aria-hidden="true">→</span>
        </Link>
      </div>
    </div>
  );
}
