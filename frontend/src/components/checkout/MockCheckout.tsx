import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Dialog } from "../Dialog";
import styles from "./MockCheckout.module.css";

interface CheckoutMessage {
  type: "checkout";
  status: "paid" | "failed";
  orderId: string;
}

function isCheckoutMessage(data: unknown): data is CheckoutMessage {
  const value = data as Partial<CheckoutMessage> | null;
  return !!value && value.type === "checkout" && (value.status === "paid" || value.status === "failed");
}

interface MockCheckoutProps {
  paymentSessionId: string | null;
  orderId: string | null;
  /** Called once when the tester paid, failed or closed the modal. */
  onClose: () => void;
}

/**
 * The 'mock' checkout adapter: the mock provider's hosted page in a modal. The page reports
 * the outcome with postMessage; only a message from that iframe, on this origin, counts.
 */
export function MockCheckout({ paymentSessionId, orderId, onClose }: MockCheckoutProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const closed = useRef(false);

  useEffect(() => {
    closed.current = false;
    if (!paymentSessionId) return;
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (event.source !== frame.current?.contentWindow) return;
      if (!isCheckoutMessage(event.data) || event.data.orderId !== orderId) return;
      if (!closed.current) {
        closed.current = true;
        onClose();
      }
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [paymentSessionId, orderId, onClose]);

  const { t } = useLingui();
  const close = () => {
    if (!closed.current) {
      closed.current = true;
      onClose();
    }
  };

  return (
    <Dialog open={paymentSessionId !== null} title={t`Checkout`} onClose={close} wide>
      {paymentSessionId && (
        <iframe
          ref={frame}
          className={styles.frame}
          title={t`Payment checkout`}
          src={`/_mocks/payments/checkout/${encodeURIComponent(paymentSessionId)}`}
        />
      )}
    </Dialog>
  );
}
