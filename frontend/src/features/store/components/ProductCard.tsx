import { memo } from "react";
import { Link } from "react-router";
import type { Product } from "../api/get-product";
import { ProductActions } from "./ProductActions";
import { ProductPicture } from "./ProductPicture";
import { DeliveryNotes, ProductPrices } from "./ProductPrices";
import { StarRating } from "./StarRating";
import shared from "../../../components/storefront/storefront.module.css";
import styles from "./ProductCard.module.css";

// The card's width: two columns on a phone, three from 900 px, four from 1200 px (ProductGrid.module.css).
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media condition, not words
const CARD_SIZES = "(min-width: 1200px) 300px, (min-width: 900px) 33vw, 50vw";

/** One product in the list: tapping the image or the text opens its detail page. `first`: the
 * card is in the first row, on screen at once: its image is fetched at once (the first, the
 * page's largest paint, ahead of everything else) rather than when laid out. Memoised: the list
 * re-renders while it loads and refreshes, and a card whose product did not change stays as it is. */
export const ProductCard = memo(function ProductCard({
  product,
  first = false,
  lead = false,
}: {
  product: Product;
  first?: boolean;
  lead?: boolean;
}) {
  const detail = `/product-details/${product.id}`;
  // Fixed, not useId: the gateway fills these cards into the first page's HTML (gateway/store/first_page.py).
  const label = `product-${product.id}`;

  return (
    <li className={styles.card} data-testid="product-card">
      <Link to={detail} className={styles.image} tabIndex={-1} aria-hidden="true">
        <ProductPicture
          product={product}
          sizes={CARD_SIZES}
          alt=""
          loading={first ? "eager" : "lazy"}
          fetchPriority={lead ? "high" : undefined}
          width={400}
          height={340}
        />
      </Link>
      <div className={styles.body}>
        <h3 id={`${label}-name`} className={styles.name}>
          <Link to={detail}>{product.productName}</Link>
        </h3>
        <p className={shared.detail} data-testid="product-detail">{product.productDetail || "-"}</p>
        <ProductPrices product={product} />
        <StarRating value={product.ratings} />
        <DeliveryNotes />
      </div>
      <ProductActions product={product} className={styles.actions} label={label} />
    </li>
  );
});
