import { Trans } from "@lingui/react/macro";
import { useDeliveryArea } from "../api/delivery-area";
import { hoursWords, promiseWords } from "../../../components/storefront/promise-words";
import { SavedAt } from "./SavedAt";

/**
 * The delivery promise of the pin code chosen at the top of the store, as the orders service
 * gives it now; before one is chosen it claims no time. The same on every card, product page and
 * the cart (one query, one answer).
 */
export function DeliveryLabel({ withHours = false }: { withHours?: boolean }) {
  const { pincode, area, savedAt, unknown } = useDeliveryArea();
  if (pincode === null) {
    return (
      <span data-testid="delivery-label">
        <Trans>Choose your pin code to see delivery time</Trans>
      </span>
    );
  }
  if (unknown) {
    return (
      <span data-testid="delivery-label">
        <Trans>Delivery time not known while offline</Trans>
      </span>
    );
  }
  if (area === undefined) {
    return (
      <span data-testid="delivery-label">
        <Trans>Checking delivery time…</Trans>
      </span>
    );
  }
  if (area === null || area.delivery === null || area.delivery === undefined) {
    return (
      <span data-testid="delivery-label">
        <Trans>We do not deliver to pin code {pincode} yet</Trans>
      </span>
    );
  }
  return (
    <span data-testid="delivery-label" data-promise={area.delivery.type}>
      {promiseWords(area.delivery)}
      {withHours && area.hours && <span> · {hoursWords(area.hours)}</span>}
      {savedAt && <SavedAt at={savedAt} />}
    </span>
  );
}
