import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { errorMessage } from "../../../api/client";
import { useAttemptKey } from "../../../lib/idempotency-key";
import { showToast } from "../../../lib/toast";
import type { PlacedOrder } from "../api/get-order";
import { usePayOnDelivery } from "../api/pay-on-delivery";

/** 'Pay on delivery instead': an unpaid online order becomes cash on delivery (the orders service
 * closes the online checkout first; the gateway holds it to the day's cash limit). */
export function PayOnDelivery({ order }: { order: PlacedOrder }) {
  const change = usePayOnDelivery();
  const key = useAttemptKey();
  const [error, setError] = useState<string | null>(null);
  const number = order.orderNumber;

  const switchToCash = async () => {
    setError(null);
    try {
      await change.mutateAsync({ orderNumber: order.orderNumber, key: key.current() });
      key.settle();
      showToast("success", t`Order ${number} will be paid in cash on delivery.`, { autoClose: 4000 });
    } catch (failure) {
      key.settle(failure); // a lost answer may hide a change made: the retry sends the same key
      setError(errorMessage(failure, t`The order could not be changed to cash on delivery. Please try again.`));
    }
  };

  return (
    <>
      <button type="button" className="btn btn-outline" disabled={change.isPending} onClick={() => void switchToCash()}>
        <Trans>Pay in cash on delivery instead</Trans>
      </button>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
