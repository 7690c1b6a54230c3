import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, Navigate, useParams } from "react-router";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { usePageMeta } from "../../../lib/page-meta";
import { useProduct } from "../api/get-product";
import { ProductActions } from "../components/ProductActions";
import { ProductPicture } from "../components/ProductPicture";
import { DeliveryNotes, ProductPrices } from "../components/ProductPrices";
import { StarRating } from "../components/StarRating";
import { ProductFacts, StockNote } from "../components/ProductFacts";
import { StoreHeader } from "../components/StoreHeader";
import { useStore } from "../../../components/storefront/store-state";
import shared from "../../../components/storefront/storefront.module.css";
import styles from "./ProductDetailsPage.module.css";

// The picture is at most 480 px wide, the screen's width on a phone (ProductDetailsPage.module.css).
// eslint-disable-next-line lingui/no-unlocalized-strings -- a media condition, not words
const DETAIL_SIZES = "(min-width: 520px) 480px, 100vw";

/** /product-details/{id}: one product with the cart's quantity; no id goes to /products. */
export default function ProductDetailsPage() {
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const store = useStore();
  const query = useProduct(productId, { enabled: valid, verified: store.verified });
  const product = query.data ?? null;
  const loading = valid && query.isFetching;
  const missing = query.isError;
  // The product's own name once it is loaded, so a tab or a bookmark says which product it is.
  const { t } = useLingui();
  usePageMeta({ title: product?.productName ?? t`Product` });

  useEffect(() => {
    // Detail failures are only logged; the page offers the way back.
    if (query.isError) console.warn("Store: product could not be loaded", query.error);
  }, [query.isError, query.error]);

  if (!valid) return <Navigate to="/products" replace />;

  return (
    <div className={shared.page}>
      <StoreHeader back />
      <LoadingOverlay show={loading || store.busy} />
      {product ? (
        <article className={styles.page}>
          <ProductPicture
            product={product}
            sizes={DETAIL_SIZES}
            className={styles.image}
            alt={product.productName}
            width={400}
            height={340}
          />
          <div className={styles.info}>
            {product.category && (
              <p className={styles.crumb}>
                <Link to={`/products?category=${product.category.slug}`}>{product.category.name}</Link>
                {product.brandName && product.brandId && (
                  <>
                    {" · "}
                    <Link to={`/products?brandId=${product.brandId}`}>{product.brandName}</Link>
                  </>
                )}
              </p>
            )}
            <h1>{product.productName}</h1>
            <p className={shared.detail}>{product.productDetail || "-"}</p>
            <ProductPrices product={product} />
            {product.discount && <p className={styles.discountText}>{product.discount}</p>}
            <StarRating value={product.ratings} />
            <DeliveryNotes />
            <StockNote stock={product.stockQuantity} />
            <ProductActions product={product} className={styles.actions} disabled={store.busy} />
          </div>
          <ProductFacts product={product} />
        </article>
      ) : (
        !loading &&
        missing && (
          <p className={shared.note}>
            <Trans>
              This product could not be shown. <Link to="/products">See all products</Link>
            </Trans>
          </p>
        )
      )}
    </div>
  );
}
