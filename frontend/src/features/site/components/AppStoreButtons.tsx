import { useLingui } from "@lingui/react/macro";
import { useConfig } from "../../../lib/config";
import styles from "./AppStoreButtons.module.css";

/** Links to the mobile app's store listings (settings: config.appLinks), in a new tab. */
export function AppStoreButtons({ className }: { className?: string }) {
  const { appLinks, productName } = useConfig();
  const { t } = useLingui();
  return (
    <div className={`${styles.buttons} ${className ?? ""}`}>
      <a href={appLinks.android} target="_blank" rel="noopener noreferrer">
        <img src="/img/site/badge-play.svg" alt={t`Get the ${productName} app on Google Play`} width={160} height={48} />
      </a>
      <a href={appLinks.ios} target="_blank" rel="noopener noreferrer">
        <img src="/img/site/badge-appstore.svg" alt={t`Download the ${productName} app on the App Store`} width={160} height={48} />
      </a>
    </div>
  );
}
