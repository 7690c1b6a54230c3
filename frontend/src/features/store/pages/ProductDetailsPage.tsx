import { useEffect, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { fetchProduct, type Product } from "../api";
import { ProductActions } from "../components/ProductActions";
import { DeliveryNotes, ProductPrices } from "../components/ProductPrices";
import { StarRating } from "../components/StarRating";
import { StoreHeader } from "../components/StoreHeader";
import { useStore } from "../StoreContext";

/** /product-details/{id}: one product with the cart's quantity; no id goes to /products. */
export default function ProductDetailsPage() {
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const store = useStore();
  const [product, setProduct] = useState<Product | null>(null);
  const [loading, setLoading] = useState(valid);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!valid) return;
    let cancelled = false;
    setLoading(true);
    fetchProduct(productId)
      .then((answer) => {
        if (!cancelled) setProduct(answer);
      })
      .catch((error: unknown) => {
        // Detail failures are only logged; the page offers the way back.
        console.warn("Store: product could not be loaded", error);
        if (!cancelled) setMissing(true);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [productId, valid, store.verified]);

  if (!valid) return <Navigate to="/products" replace />;

  return (
    <div className="store-page">
      <StoreHeader back />
      <LoadingOverlay show={loading || store.busy} />
      {product ? (
        <article className="product-detail-page">
          <img
            className="product-detail-image"
            src={product.filePath1 ?? "/img/logo-mark.svg"}
            alt={product.productName}
            width={400}
            height={340}
          />
          <div className="product-detail-info">
            <h1>{product.productName}</h1>
            <p className="product-detail">{product.productDetail || "-"}</p>
            <ProductPrices product={product} />
            {product.discount && <p className="product-discount-text">{product.discount}</p>}
            <StarRating value={product.ratings} />
            <DeliveryNotes />
            <ProductActions product={product} className="product-detail-actions" disabled={store.busy} />
          </div>
        </article>
      ) : (
        !loading &&
        missing && (
          <p className="store-empty-note">
            This product could not be shown. <Link to="/products">See all products</Link>
          </p>
        )
      )}
    </div>
  );
}
