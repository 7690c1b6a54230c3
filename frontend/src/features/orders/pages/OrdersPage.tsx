import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, Navigate } from "react-router";
import { errorMessage } from "../../../api/client";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { rupees } from "../../../lib/money";
import { useOrders } from "../api/list-orders";
import { dayOf } from "../../../lib/dates";
import { StatusChip } from "../components/StatusChip";
import { StoreHeader } from "../../../components/storefront/StoreHeader";
import shared from "../../../components/storefront/storefront.module.css";
import { useStore } from "../../../components/storefront/store-state";
import { orderPaymentLabel, orderSummaryWords } from "../components/orderWords";
import styles from "./OrdersPage.module.css";

/** /orders: the shopper's orders, newest first, ten at a time with 'Load more'. */
export default function OrdersPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`My orders` });
  const store = useStore();
  const orders = useOrders({ enabled: store.verified === true });

  // Logged out: log in, then come back here.
  if (store.verified === false) return <Navigate to="/login" replace state={{ from: "/orders" }} />;

  const pages = orders.data?.pages ?? [];
  const list = pages.flatMap((page) => page.orders);
  const totalOrders = pages[0]?.totalOrders ?? 0;
  const shown = list.length;

  return (
    <div className={shared.page}>
      <StoreHeader back />
      <LoadingOverlay show={store.verified === null || orders.isPending} />
      <div className={shared.narrow}>
        <h1 className={styles.title}>
          <Trans>My orders</Trans>
        </h1>
        {orders.isError && (
          <p className="alert alert-danger" role="alert">
            {errorMessage(orders.error, t`Your orders could not be loaded. Please try again.`)}
          </p>
        )}
        {orders.isSuccess && list.length === 0 && (
          <div className={`card ${styles.empty}`}>
            <p>
              <Trans>You have not ordered anything yet.</Trans>
            </p>
            <Link className="btn btn-primary" to="/product-home">
              <Trans>Go to Store</Trans>
            </Link>
          </div>
        )}
        {list.length > 0 && (
          <>
            <p className={styles.count} aria-live="polite">
              <Trans>
                Showing {shown} of <Plural value={totalOrders} one="# order" other="# orders" />
              </Trans>
            </p>
            <ol className={shared.cardList}>
              {list.map((order) => {
                const number = order.orderNumber;
                return (
                <li key={order.orderNumber} className={`card ${styles.order}`} data-testid="order-row">
                  <div className={shared.headRow}>
                    <h2 className={styles.number}>
                      <Link to={`/orders/${order.orderNumber}`}>
                        <Trans>Order {number}</Trans>
                      </Link>
                    </h2>
                    <StatusChip status={order.status} />
                  </div>
                  <p className={styles.summary}>{orderSummaryWords(order.firstProductName, order.lineCount)}</p>
                  <dl className={shared.facts}>
                    <div>
                      <dt>
                        <Trans>Placed on</Trans>
                      </dt>
                      <dd data-testid="order-date">{dayOf(order.createdAt)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Total</Trans>
                      </dt>
                      <dd data-testid="order-row-total">{rupees(order.total)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Payment</Trans>
                      </dt>
                      <dd data-testid="order-payment">{orderPaymentLabel(order.paymentMethod, order.paymentState, order.paymentFailed ?? false, order.refundState)}</dd>
                    </div>
                  </dl>
                </li>
                );
              })}
            </ol>
            {orders.hasNextPage && (
              <button
                type="button"
                className={`btn btn-outline ${styles.more}`}
                disabled={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {orders.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
              </button>
            )}
          </>
        )}
        {/* The book the checkout offers, kept by the address book's page (features/addresses). */}
        <p className={styles.book}>
          <Link to="/addresses">
            <Trans>My addresses</Trans>
          </Link>
        </p>
      </div>
    </div>
  );
}
