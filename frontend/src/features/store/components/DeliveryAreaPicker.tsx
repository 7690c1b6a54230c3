import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { placeName } from "../../../lib/place-names";
import { useDeliveryArea } from "../api/delivery-area";
import { promiseWords } from "../../../components/storefront/promise-words";
import { useStore } from "../../../components/storefront/store-state";
import { SavedAt } from "./SavedAt";
import { untilLogout } from "../delivery/logout-signal";
import styles from "./DeliveryAreaPicker.module.css";

// The form arrives when the shopper opens it, not with every store page.
const DeliveryAreaDialog = lazy(() => import("./DeliveryAreaDialog"));

/**
 * 'Deliver to': where and when first, at the top of the store (as Blinkit and Zepto do). Before a
 * pin code is chosen it asks for one; after, it names the place and the promise for it now.
 */
export function DeliveryAreaPicker() {
  const { pincode, area, savedAt } = useDeliveryArea();
  const [open, setOpen] = useState(false);
  const { verified } = useStore();
  const queryClient = useQueryClient();
  // Logged in without a pin code: the last-used address's, not the question again.
  useEffect(() => {
    if (verified !== true || pincode !== null) return;
    // Logged out (or a pin chosen) while its chunk loads: no read of an address book no longer ours.
    let wanted = true;
    // Taken now, at the login: a Log out tapped while the chunk loads aborts it.
    const signal = untilLogout();
    void import("../delivery/lastAddress").then((m) => (wanted ? m.chooseLastAddress(queryClient, signal) : undefined));
    return () => {
      wanted = false;
    };
  }, [verified, pincode, queryClient]);
  const { i18n } = useLingui();
  const place = area ? `${placeName(area.city, i18n.locale)} ${area.pincode}` : (pincode ?? "");
  const promise = area?.delivery ? promiseWords(area.delivery) : null;

  return (
    <div className={styles.picker}>
      <button
        type="button"
        className={styles.choose}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="delivery-area"
      >
        {pincode === null ? (
          <Trans>Deliver to: choose your pin code</Trans>
        ) : (
          <>
            <span className={styles.place}>
              <Trans>Deliver to {place}</Trans>
            </span>
            {promise && (
              <span className={styles.promise}>
                {promise}
                {savedAt && <SavedAt at={savedAt} />}
              </span>
            )}
          </>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DeliveryAreaDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
