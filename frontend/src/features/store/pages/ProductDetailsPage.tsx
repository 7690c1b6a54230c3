import { useEffect, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { LoadingOverlay } from "../../../components/LoadingOverlay";
import { fetchProduct, rupees, type Product } from "../api";
import { QuantityControl } from "../components/QuantityControl";
import { StarRating } from "../components/StarRating";
import { StoreHeader } from "../components/StoreHeader";
import { useStore } from "../StoreContext";

/** /product-details/{id}: one product with the cart's quantity; no id goes to /products. */
export default function ProductDetailsPage() {
  const { id } = useParams();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const navigate = useNavigate();
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

  const item = product ? { id: product.id, productName: product.productName } : null;
  const quantity = product ? store.quantityOf(product.id, product.quantity) : 0;

  return (
    <div className="store-page">
      <StoreHeader back />
      <LoadingOverlay show={loading || store.busy} />
      {product && item ? (
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
            <p className="product-prices">
              <span className="product-price">{rupees(product.listingPrice)}</span>{" "}
              <span className="product-mrp">
                M.R.P: <s>{rupees(product.mrp)}</s>
              </span>
              {product.discountToMerchant > 0 && (
                <span className="product-off">{product.discountToMerchant}% off</span>
              )}
            </p>
            {product.discount && <p className="product-discount-text">{product.discount}</p>}
            <StarRating value={product.ratings} />
            <ul className="delivery-notes">
              <li>Free &amp; Fastest Delivery</li>
              <li>Get it in 1 Hour</li>
            </ul>
            <QuantityControl
              name={product.productName}
              quantity={quantity}
              disabled={store.busy}
              onMinus={() => void store.minus(item)}
              onPlus={() => void store.add(item)}
            />
            <div className="product-detail-actions">
              <button type="button" className="btn btn-outline" disabled={store.busy} onClick={() => void store.add(item)}>
                Add to cart
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => store.withLogin(() => navigate("/shopping-cart"))}
              >
                Buy Now
              </button>
            </div>
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
