import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useConfig } from "../../lib/config";
import { LanguageSwitch } from "../LanguageSwitch/LanguageSwitch";
import { Logo } from "../Logo/Logo";
import { useSession } from "../../lib/session";
import { enableWhenHydrated } from "../../lib/until-hydrated";
import styles from "./Header.module.css";

const NAV = [
  { to: "/", label: msg`Home`, end: true },
  { to: "/buy-products-on-credit", label: msg`Buy on credit` },
  { to: "/product-home", label: msg`Shop` },
  { to: "/contact-us", label: msg`Contact` },
  { to: "/paynow", label: msg`Pay Now` },
];
// Every borrower's own pages, once logged in, whatever they owe.
const BORROWER_NAV = [
  { to: "/loans", label: msg`My loans`, end: false },
  { to: "/complaints", label: msg`Complaints`, end: false },
];

export function Header() {
  const config = useConfig();
  const { t } = useLingui();
  const { session, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signInOpen, setSignInOpen] = useState(false);
  const signInRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // Any navigation (a link, the back button) closes both menus.
  useEffect(() => {
    setMenuOpen(false);
    setSignInOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  useEffect(() => {
    if (!signInOpen) return;
    const close = (event: MouseEvent | TouchEvent) => {
      if (signInRef.current && !signInRef.current.contains(event.target as Node)) setSignInOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setSignInOpen(false);
    document.addEventListener("mousedown", close);
    document.addEventListener("touchstart", close);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("touchstart", close);
      document.removeEventListener("keydown", onKey);
    };
  }, [signInOpen]);

  const signInLinks = [
    // The store's own login, in this tab (the others are other sites, in a new one).
    { key: "store", href: "/login", label: t`Store (shops and electricians)`, internal: true },
    { key: "anchor", href: config.signIn.anchor, label: t`Anchor (Distributor / Manufacturer)` },
    { key: "portal", href: config.signIn.portal, label: t`${config.productName} Portal` },
    { key: "lender", href: config.signIn.lender, label: t`Lender Portal` },
  ];

  // One login for the portal and the store: whoever is there is greeted by name (the lender's
  // for a borrower, else their number), and Log out ends both.
  const signedIn = session?.portal ?? session?.store ?? null;
  const name = session?.portal?.userName ?? (session?.store?.userName || session?.store?.mobileNumber);

  const onLogout = async () => {
    setMenuOpen(false);
    // /payment sends a logged-out borrower to /paynow itself, the moment the logout shows.
    await logout("portal");
  };

  return (
    <header className={styles.header} ref={enableWhenHydrated}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={t`${config.productName} home`} onClick={() => setMenuOpen(false)}>
          <Logo />
        </Link>
        <button
          type="button"
          className={styles.hamburger}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? t`Close menu` : t`Open menu`}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
        <nav id="main-menu" aria-label={t`Main`} className={`${styles.nav} ${menuOpen ? styles.open : ""}`}>
          <ul className={styles.links}>
            {[...NAV, ...(session?.portal?.verified ? BORROWER_NAV : [])].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <LanguageSwitch className={styles.language} />
          {signedIn ? (
            <div className={styles.signedIn}>
              <span className={styles.userName}>{name}</span>
              <button type="button" className={`${styles.link} ${styles.logout}`} onClick={onLogout}>
                <Trans>Log out</Trans>
              </button>
            </div>
          ) : (
            <div className={styles.signIn} ref={signInRef}>
              <button
                type="button"
                className="btn btn-primary"
                aria-haspopup="true"
                aria-expanded={signInOpen}
                aria-controls="sign-in-menu"
                onClick={() => setSignInOpen((open) => !open)}
              >
                <Trans>Sign In</Trans> <span aria-hidden="true">▾</span>
              </button>
              {signInOpen && (
                <ul id="sign-in-menu" className={styles.dropdown}>
                  {signInLinks.map((link) => {
                    const close = () => {
                      setSignInOpen(false);
                      setMenuOpen(false);
                    };
                    return (
                      <li key={link.key}>
                        {"internal" in link ? (
                          <Link to={link.href} onClick={close}>
                            {link.label}
                          </Link>
                        ) : (
                          <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={close}>
                            {link.label}
                          </a>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
