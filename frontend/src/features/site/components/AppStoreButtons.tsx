import { useConfig } from "../../../lib/config";
import styles from "./AppStoreButtons.module.css";

/** Links to the mobile app's store listings (settings: config.appLinks), in a new tab. */
export function AppStoreButtons({ className }: { className?: string }) {
  const { appLinks, productName } = useConfig();
  return (
    <div className={`${styles.buttons} ${className ?? ""}`}>
      <a href={appLinks.android} target="_blank" rel="noopener noreferrer">
        <img src="/img/site/badge-play.svg" alt={`Get the ${productName} app on Google Play`} width={160} height={48} />
      </a>
      <a href={appLinks.ios} target="_blank" rel="noopener noreferrer">
        <img src="/img/site/badge-appstore.svg" alt={`Download the ${productName} app on the App Store`} width={160} height={48} />
      </a>
    </div>
  );
}
