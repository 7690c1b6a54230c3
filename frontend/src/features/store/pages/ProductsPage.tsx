import { ProductGrid } from "../components/ProductGrid";
import { StoreHeader } from "../components/StoreHeader";
import shared from "../store.module.css";

/** /products: the cart count, search, category / brand / price-sort filters (in the address) and the list with infinite scroll. */
export default function ProductsPage() {
  return (
    <div className={shared.page}>
      <StoreHeader />
      <h1 className="visually-hidden">Products</h1>
      <ProductGrid showFilters />
    </div>
  );
}
