import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { useAddresses } from "../../../components/addresses/api/list-addresses";
import { errorMessage } from "../../../api/client";
import { Dialog } from "../../../components/Dialog";
import { useChooseDeliveryArea, useDeliveryArea } from "../api/delivery-area";
import { hoursWords, promiseWords } from "../../../components/storefront/promise-words";
import { useStore } from "../../../components/storefront/store-state";
import styles from "./DeliveryAreaPicker.module.css";
import { i18n } from "@lingui/core";
import { placeName } from "../../../lib/place-names";

/** Choose the pin code the store promises delivery to: typed, or one of a logged-in shopper's addresses. */
export default function DeliveryAreaDialog({ onClose }: { onClose: () => void }) {
  const { verified } = useStore();
  const { pincode, area } = useDeliveryArea();
  const choose = useChooseDeliveryArea();
  const [typed, setTyped] = useState(pincode ?? "");
  const [error, setError] = useState<string | null>(null);
  const saved = useAddresses({ enabled: verified === true });

  const pick = async (value: string) => {
    setError(null);
    if (!/^[1-9][0-9]{5}$/.test(value)) {
      setError(t`Please enter a valid 6-digit pin code.`);
      return;
    }
    try {
      await choose.mutateAsync(value);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, t`The pin code could not be checked. Please try again.`));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pick(typed.trim());
  };

  return (
    <Dialog open title={t`Where should we deliver?`} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor="delivery-pincode">
          <Trans>Pin code</Trans>
        </label>
        <input
          id="delivery-pincode"
          className="form-control"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          value={typed}
          onChange={(event) => setTyped(event.target.value.replace(/\D/g, ""))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "delivery-pincode-error" : undefined}
        />
        {error && (
          <p id="delivery-pincode-error" className="alert alert-danger" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={choose.isPending}>
          <Trans>Show delivery time</Trans>
        </button>
      </form>
      {saved.data && saved.data.addresses.length > 0 && (
        <>
          <h3>
            <Trans>Your saved addresses</Trans>
          </h3>
          <ul className={styles.saved}>
            {saved.data.addresses.map((address) => (
              <li key={`${address.id ?? ""}-${address.pincode}`}>
                <button type="button" className="btn btn-outline" onClick={() => void pick(address.pincode)}>
                  {[address.name, address.address1, placeName(address.city, i18n.locale), address.pincode].filter(Boolean).join(", ")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {area?.delivery && (
        <p className={styles.hours} data-testid="delivery-area-now">
          {promiseWords(area.delivery)}
          {area.hours && <> · {hoursWords(area.hours)}</>}
        </p>
      )}
    </Dialog>
  );
}
