import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";
import { LanguageSwitch } from "../../../components/LanguageSwitch/LanguageSwitch";
import { useConfig } from "../../../lib/config";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import { indianDigits } from "../../../lib/indian-numbers";
import { useSession } from "../../../lib/session";
import { setToastSlot } from "../../../lib/toast-slot";
import { Logo } from "../../../components/Logo/Logo";
import { useStore } from "../../../components/storefront/store-state";
import { DeliveryAreaPicker } from "./DeliveryAreaPicker";
import { loggingOut } from "../delivery/logout-signal";
import { loginStateFrom } from "../../../components/storefront/return-to";
import { StrokeIcon } from "./StrokeIcon";
import styles from "./StoreHeader.module.css";
import type { StoreHeaderProps } from "../../../components/storefront/StoreHeader";

/**
 * Logo, optional Back link, the language switch, the login state and the cart count linking to
 * /shopping-cart, in one row on any phone: 'My orders' and 'Log out' are labelled icons (the
 * words under the icon on a phone, beside it from 600 px up); Log out sits first, away from the
 * cart, so a thumb reaching for the cart never logs out.
 */
export function StoreHeader({ back = false, cartLink = true, deliveryArea = true }: StoreHeaderProps) {
  const config = useConfig();
  const { logout } = useSession();
  const { verified, cart } = useStore();
  const location = useLocation();
  const { t } = useLingui();
  const productName = config.productName;
  const count = cart.count;
  // The count written by us, not by the plural's `#`: that is Intl.NumberFormat, whose first use
  // loads the locale's data (a 160 ms task at 4x CPU in the store's hydration; app-start.md).
  const items = indianDigits(count);

  return (
    <header className={styles.header} data-testid="store-header" ref={enableWhenHydrated}>
      <div className={styles.bar}>
        <Link to="/product-home" className={styles.logo} aria-label={t`${productName} store home`}>
          <Logo size={32} markOnlyWhenNarrow={verified === true} />
        </Link>
        <div className={styles.actions}>
          {verified === true && (
            <button type="button" className={styles.iconAction} onClick={() => {
                loggingOut();
                void logout("store");
              }}
            >
              <StrokeIcon d="M10 4H5v16h5M14 8l4 4-4 4M18 12H9" />
              <span className={styles.label}>
                <Trans>Log out</Trans>
              </span>
            </button>
          )}
          <LanguageSwitch className={styles.language} />
          {verified === true && (
            <Link to="/orders" className={styles.iconAction}>
              <StrokeIcon d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3" />
              <span className={styles.label}>
                <Trans>My orders</Trans>
              </span>
            </Link>
          )}
          {verified === false && (
            <Link to="/login" state={loginStateFrom(location)} className={styles.loginLink}>
              <Trans>Login</Trans>
            </Link>
          )}
          {cartLink && (
            <Link
              to="/shopping-cart"
              className={styles.cartLink}
              aria-label={t`Cart, ${plural(count, { one: `${items} item`, other: `${items} items` })}`}
            >
              <StrokeIcon d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" size={26}>
                <circle cx="10" cy="20" r="1.6" fill="currentColor" />
                <circle cx="17" cy="20" r="1.6" fill="currentColor" />
              </StrokeIcon>
              <span className={styles.cartCount} data-testid="cart-count">
                {cart.count}
              </span>
            </Link>
          )}
        </div>
      </div>
      {deliveryArea && <DeliveryAreaPicker />}
      {back && (
        <Link to="/product-home" className={styles.back}>
          ← <Trans>Back</Trans>
        </Link>
      )}
      {/* Toasts open here, under the header's links, and push the page down (lib/toast-slot). */}
      <div ref={setToastSlot} />
    </header>
  );
}
