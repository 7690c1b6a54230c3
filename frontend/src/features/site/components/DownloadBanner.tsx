import { Trans } from "@lingui/react/macro";
import { useConfig } from "../../../lib/config";
import { AppStoreButtons } from "./AppStoreButtons";
import styles from "./DownloadBanner.module.css";

export function DownloadBanner() {
  const { productName } = useConfig();
  return (
    <section className={styles.banner} aria-labelledby="download-title">
      <div className={`container ${styles.inner}`}>
        <div>
          <h2 id="download-title">
            <Trans>Download the {productName} app</Trans>
          </h2>
          <p>
            <Trans>Check your credit limit, order stock and repay on the go. Free on Android and iPhone.</Trans>
          </p>
          <AppStoreButtons />
        </div>
        <img loading="lazy" src="/img/site/app-banner.svg" alt="" width={420} height={300} className={styles.art} />
      </div>
    </section>
  );
}
