import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { useConfig } from "../../lib/config";
import { Logo } from "../Logo/Logo";
import { useSession } from "../../lib/session";
import { enableWhenHydrated } from "../../lib/until-hydrated";
import styles from "./Header.module.css";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/buy-products-on-credit", label: "Buy on credit" },
  { to: "/product-home", label: "Shop" },
  { to: "/contact-us", label: "Contact" },
  { to: "/paynow", label: "Pay Now" },
];

export function Header() {
  const config = useConfig();
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
    { href: config.signIn.anchor, label: "Anchor (Distributor / Manufacturer)" },
    { href: config.signIn.portal, label: `${config.productName} Portal` },
    { href: config.signIn.lender, label: "Lender Portal" },
  ];

  const onLogout = async () => {
    setMenuOpen(false);
    await logout("portal");
    navigate("/paynow");
  };

  return (
    <header className={styles.header} ref={enableWhenHydrated}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={`${config.productName} home`} onClick={() => setMenuOpen(false)}>
          <Logo />
        </Link>
        <button
          type="button"
          className={styles.hamburger}
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
        <nav id="main-menu" aria-label="Main" className={`${styles.nav} ${menuOpen ? styles.open : ""}`}>
          <ul className={styles.links}>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            {session?.portal?.verified && (
              <li>
                <button type="button" className={`${styles.link} ${styles.logout}`} onClick={onLogout}>
                  Logout
                </button>
              </li>
            )}
          </ul>
          <div className={styles.signIn} ref={signInRef}>
            <button
              type="button"
              className="btn btn-primary"
              aria-haspopup="true"
              aria-expanded={signInOpen}
              aria-controls="sign-in-menu"
              onClick={() => setSignInOpen((open) => !open)}
            >
              Sign In <span aria-hidden="true">▾</span>
            </button>
            {signInOpen && (
              <ul id="sign-in-menu" className={styles.dropdown}>
                {signInLinks.map((link) => (
                  <li key={link.label}>
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
