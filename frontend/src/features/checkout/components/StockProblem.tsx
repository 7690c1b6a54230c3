import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import { cartQuery } from "../../../cart/get-cart";
import { useStore } from "../../../components/storefront/store-state";
import styles from "./checkout.module.css";

/**
 * The quote refused the cart for stock: say so, name each line above what can be bought now
 * (the cart's stock, the figure the quote checks), and offer to set it to that, or to remove a
 * sold-out one; the summary is priced again after the change.
 */
export function StockProblem({ message }: { message: string }) {
  const { t } = useLingui();
  const store = useStore();
  const queryClient = useQueryClient();
  // The stock fell since the cart was read: read it again, for the figures below.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: cartQuery.queryKey, exact: true });
  }, [queryClient, message]);
  const short = store.cart.items.filter((line) => line.stockQuantity != null && line.quantity > line.stockQuantity);
  const fix = async (productId: number, productName: string, quantity: number) => {
    const item = { id: productId, productName };
    await (quantity > 0 ? store.setTo(item, quantity) : store.remove(item));
    await queryClient.invalidateQueries({ queryKey: ["checkout", "quote"] });
  };
  return (
    <div role="alert" data-testid="summary-stock">
      <p className={styles.hint}>{message}</p>
      <ul className={styles.stockFixes}>
        {short.map((line) => {
          const name = line.productName;
          const stock = line.stockQuantity ?? 0;
          return (
            <li key={line.productId}>
              {stock > 0 ? (
                <Trans>
                  {name}: only {stock} left.
                </Trans>
              ) : (
                <Trans>{name} is out of stock.</Trans>
              )}{" "}
              <button
                type="button"
                className="btn btn-outline"
                disabled={store.busy}
                onClick={() => void fix(line.productId, name, stock)}
              >
                {stock > 0 ? t`Change to ${stock}` : t`Remove`}
              </button>
            </li>
          );
        })}
      </ul>
      <p className={styles.note}>
        <Link to="/shopping-cart">
          <Trans>Change the cart</Trans>
        </Link>
      </p>
    </div>
  );
}
