import { useLingui } from "@lingui/react/macro";
import styles from "./QuantityControl.module.css";

interface QuantityControlProps {
  name: string;
  quantity: number;
  disabled?: boolean;
  /** At the stock: one more cannot be bought. */
  plusDisabled?: boolean;
  /** The element saying why plus is off ('Only 3 left'): read with the button. */
  plusNoteId?: string;
  onMinus: () => void;
  onPlus: () => void;
}

/** Minus / quantity / plus for one product. */
export function QuantityControl({ name, quantity, disabled, plusDisabled, plusNoteId, onMinus, onPlus }: QuantityControlProps) {
  const { t } = useLingui();
  return (
    <div className={styles.control} role="group" aria-label={t`Quantity of ${name}`}>
      <button type="button" className={styles.button} aria-label={t`Decrease quantity of ${name}`} onClick={onMinus} disabled={disabled}>
        −
      </button>
      <output className={styles.value} aria-live="polite" aria-label={t`Quantity in cart: ${quantity}`}>
        {quantity}
      </output>
      <button
        type="button"
        className={styles.button}
        aria-label={t`Increase quantity of ${name}`}
        aria-describedby={plusDisabled ? plusNoteId : undefined}
        onClick={onPlus}
        disabled={disabled || plusDisabled}
      >
        +
      </button>
    </div>
  );
}
