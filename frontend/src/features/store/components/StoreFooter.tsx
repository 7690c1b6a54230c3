import { Trans, useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { inWebView } from "../../../lib/native-bridge";
import styles from "./StoreFooter.module.css";

const noSubscription = () => () => undefined;

/**
 * Every store screen in a browser ends with the way back to the site and the store's own links. (No product
 * name here: reading the configuration from the shell's chunk made the bundler split React out
 * of the first download, over the site's budget.)
 */
export function StoreFooter() {
  // Inside the native app's web view the app has its own navigation, and no site to go back to.
  // False while pre-rendering and hydrating, so the served HTML and the first render agree.
  const inApp = useSyncExternalStore(noSubscription, inWebView, () => false);
  const { t } = useLingui();
  if (inApp) return null;
  return (
    <footer className={styles.footer}>
      <nav aria-label={t`Store footer`}>
        <ul>
          <li>
            <Link to="/">
              ← <Trans>Back to the main site</Trans>
            </Link>
          </li>
          <li>
            <Link to="/product-home">
              <Trans>Store home</Trans>
            </Link>
          </li>
          <li>
            <Link to="/products">
              <Trans>All products</Trans>
            </Link>
          </li>
          <li>
            <Link to="/cancellation-and-refunds">
              <Trans>Cancellation and refunds</Trans>
            </Link>
          </li>
          <li>
            <Link to="/contact-us">
              <Trans>Contact us</Trans>
            </Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
