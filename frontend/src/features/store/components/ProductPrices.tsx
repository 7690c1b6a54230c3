import { rupees } from "../../../lib/money";
import type { Product } from "../api/get-product";

/** Listing price, struck-through M.R.P and the percent off (only when above 0). */
export function ProductPrices({ product }: { product: Product }) {
  return (
    <p className="product-prices">
      <span className="product-price">{rupees(product.listingPrice)}</span>{" "}
      <span className="product-mrp">
        M.R.P: <s>{rupees(product.mrp)}</s>
      </span>
      {product.discountToMerchant > 0 && <span className="product-off">{product.discountToMerchant}% off</span>}
    </p>
  );
}

/** The quick-commerce delivery promise shown with every product. */
export function DeliveryNotes() {
  return (
    <ul className="delivery-notes">
      <li>Free &amp; Fastest Delivery</li>
      <li>Get it in 1 Hour</li>
    </ul>
  );
}
