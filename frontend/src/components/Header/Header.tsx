import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
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

export function Header() {
  const config = useConfig();
  const { t } = useLingui();
  const { session, logout } = useSession();
  const navigate = useNavigate();
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
    { key: "anchor", href: config.signIn.anchor, label: t`Anchor (Distributor / Manufacturer)` },
    { key: "portal", href: config.signIn.portal, label: t`${config.productName} Portal` },
    { key: "lender", href: config.signIn.lender, label: t`Lender Portal` },
  ];

  const onLogout = async () => {
    setMenuOpen(false);
    await logout("portal");
    navigate("/paynow");
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
            {NAV.map((item) => (
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
            {session?.portal?.verified && (
              <li>
                <button type="button" className={`${styles.link} ${styles.logout}`} onClick={onLogout}>
                  <Trans>Logout</Trans>
                </button>
              </li>
            )}
          </ul>
          <LanguageSwitch className={styles.language} />
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
                {signInLinks.map((link) => (
                  <li key={link.key}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      onClick={() => {
                        setSignInOpen(false);
                        setMenuOpen(false);
                      }}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
