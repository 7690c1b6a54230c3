import { Trans, useLingui } from "@lingui/react/macro";
import { ProductGrid } from "../components/ProductGrid";
import { StoreHeader } from "../components/StoreHeader";
import shared from "../../../components/storefront/storefront.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /products: the cart count, search, category / brand / price-sort filters (in the address) and the list with infinite scroll. */
export default function ProductsPage() {
  const { t } = useLingui();
  usePageMeta({
    title: t`Products`,
    description: t`Search the store's products, filter them by category or brand, sort them by price and add them to your cart.`,
  });
  return (
    <div className={shared.page}>
      <StoreHeader />
      <h1 className="visually-hidden">
        <Trans>Products</Trans>
      </h1>
      <ProductGrid showFilters opensThePage />
    </div>
  );
}
