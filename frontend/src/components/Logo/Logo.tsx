import { useConfig } from "../../lib/config";
import styles from "./Logo.module.css";

interface LogoProps {
  /** The mark's side in px, and the logo's height (the specification's header logo is 40 px). */
  size?: 32 | 40;
  /** On a narrow phone, the mark alone: the name would otherwise be cut ("VoltK…") by a full row of actions. */
  markOnlyWhenNarrow?: boolean;
}

/**
 * The mark, then the product's name (the setting) as text. The name was drawn inside the logo's
 * image before, so a renamed product still showed the old name; and an image's text is laid out
 * and painted by a document of its own each time it is drawn, costly on a slow phone.
 * Decorative: the link or heading around it carries the name for assistive technology.
 */
export function Logo({ size = 40, markOnlyWhenNarrow = false }: LogoProps) {
  const config = useConfig();
  const classes = [styles.logo, size === 32 && styles.small, markOnlyWhenNarrow && styles.markOnlyWhenNarrow];
  return (
    <span className={classes.filter(Boolean).join(" ")} aria-hidden="true">
      <img src="/img/logo-mark.svg" alt="" width={size} height={size} className={styles.mark} />
      <span className={styles.name}>{config.productName}</span>
    </span>
  );
}
