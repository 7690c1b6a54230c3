import type { components } from "../../../api/schema";
import { statusWords } from "./orderWords";
import styles from "./StatusChip.module.css";

type OrderStatus = components["schemas"]["PlacedOrder"]["status"];

const TONE: Record<OrderStatus, string> = {
  placed: styles.progress,
  packed: styles.progress,
  shipped: styles.progress,
  outForDelivery: styles.progress,
  delivered: styles.done,
  cancelled: styles.stopped,
  returned: styles.stopped,
};

/** The order's status as a small coloured label (the words carry it; the colour only helps). */
export function StatusChip({ status }: { status: OrderStatus }) {
  return (
    <span className={`${styles.chip} ${TONE[status]}`} data-testid="order-status">
      {statusWords(status)}
    </span>
  );
}
