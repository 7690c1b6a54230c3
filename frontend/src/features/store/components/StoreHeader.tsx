import { Link } from "react-router";
import { useConfig } from "../../../lib/config";
import { useSession } from "../../../lib/session";
import { useStore } from "../StoreContext";
import styles from "./StoreHeader.module.css";

interface StoreHeaderProps {
  /** Show 'Back' to /product-home (detail and cart screens). */
  back?: boolean;
  /** Show the cart count link (every screen but the cart itself). */
  cartLink?: boolean;
}

/** Logo, optional Back link, the login state and the cart count linking to /shopping-cart. */
export function StoreHeader({ back = false, cartLink = true }: StoreHeaderProps) {
  const config = useConfig();
  const { logout } = useSession();
  const { verified, cart } = useStore();

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/product-home" className={styles.logo} aria-label={`${config.productName} store home`}>
          <img src="/img/logo.svg" alt="" width={160} height={32} />
        </Link>
        <div className={styles.actions}>
          {verified === true && (
            <button type="button" className="link-button" onClick={() => void logout("store")}>
              Log out
            </button>
          )}
          {verified === false && (
            <Link to="/login" className={styles.loginLink}>
              Login
            </Link>
          )}
          {cartLink && (
            <Link
              to="/shopping-cart"
              className={styles.cartLink}
              aria-label={`Cart, ${cart.count} ${cart.count === 1 ? "item" : "items"}`}
            >
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path
                  d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
                <circle cx="10" cy="20" r="1.6" fill="currentColor" />
                <circle cx="17" cy="20" r="1.6" fill="currentColor" />
              </svg>
              <span className={styles.cartCount} data-testid="cart-count">
                {cart.count}
              </span>
            </Link>
          )}
        </div>
      </div>
      {back && (
        <Link to="/product-home" className={styles.back}>
          ← Back
        </Link>
      )}
    </header>
  );
}
