import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { SavedAddress } from "./api/list-addresses";
import styles from "./SavedAddressParts.module.css";

/** A saved address's tags, the same in the checkout's list and the address book: the default, the one used last. */
export function AddressTags({ address }: { address: SavedAddress }) {
  if (!address.default && !address.lastUsed) return null;
  return (
    <span className={styles.tags}>
      {address.default && (
        <span className={styles.tag}>
          <Trans>Default</Trans>
        </span>
      )}
      {address.lastUsed && (
        <span className={styles.tag}>
          <Trans>Last used</Trans>
        </span>
      )}
    </span>
  );
}

interface AddressActionsProps {
  address: SavedAddress;
  /** The address on one line (`savedLabel`), naming each button for a screen reader. */
  label: string;
  busy: boolean;
  onRemove: () => void;
  onMakeDefault: () => void;
  /** Buttons of the caller's own before Remove (the checkout's Edit). */
  children?: ReactNode;
  className?: string;
}

/** What the shopper may do with a saved address wherever the book is shown: take it out, make it the default. */
export function AddressActions({ address, label, busy, onRemove, onMakeDefault, children, className }: AddressActionsProps) {
  const { t } = useLingui();
  return (
    <div className={className ? `${styles.actions} ${className}` : styles.actions}>
      {children}
      <button type="button" className="link-button" disabled={busy} onClick={onRemove} aria-label={t`Remove ${label}`}>
        <Trans>Remove</Trans>
      </button>
      {!address.default && (
        <button type="button" className="link-button" disabled={busy} onClick={onMakeDefault} aria-label={t`Make ${label} the default`}>
          <Trans>Make default</Trans>
        </button>
      )}
    </div>
  );
}
