import { Link } from "react-router";
import type { Product } from "../api/get-product";
import { ProductActions } from "./ProductActions";
import { DeliveryNotes, ProductPrices } from "./ProductPrices";
import { StarRating } from "./StarRating";
import shared from "../store.module.css";
import styles from "./ProductCard.module.css";

/** One product in the list: tapping the image or the text opens its detail page. */
export function ProductCard({ product }: { product: Product }) {
  const detail = `/product-details/${product.id}`;

  return (
    <li className={styles.card} data-testid="product-card">
      <Link to={detail} className={styles.image} tabIndex={-1} aria-hidden="true">
        <img src={product.filePath1 ?? "/img/logo-mark.svg"} alt="" loading="lazy" width={400} height={340} />
      </Link>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={detail}>{product.productName}</Link>
        </h3>
        <p className={shared.detail} data-testid="product-detail">{product.productDetail || "-"}</p>
        <ProductPrices product={product} />
        <StarRating value={product.ratings} />
        <DeliveryNotes />
      </div>
      <ProductActions product={product} className={styles.actions} />
    </li>
  );
}
