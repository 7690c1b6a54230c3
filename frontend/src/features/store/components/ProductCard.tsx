import { Link, useNavigate } from "react-router";
import { rupees, type Product } from "../api";
import { useStore } from "../StoreContext";
import { QuantityControl } from "./QuantityControl";
import { StarRating } from "./StarRating";

/** One product in the list: tapping the image or the text opens its detail page. */
export function ProductCard({ product }: { product: Product }) {
  const navigate = useNavigate();
  const store = useStore();
  const quantity = store.quantityOf(product.id, product.quantity);
  const item = { id: product.id, productName: product.productName };
  const detail = `/product-details/${product.id}`;

  return (
    <li className="product-card" data-testid="product-card">
      <Link to={detail} className="product-card-image" tabIndex={-1} aria-hidden="true">
        <img src={product.filePath1 ?? "/img/logo-mark.svg"} alt="" loading="lazy" width={400} height={340} />
      </Link>
      <div className="product-card-body">
        <h3 className="product-name">
          <Link to={detail}>{product.productName}</Link>
        </h3>
        <p className="product-detail">{product.productDetail || "-"}</p>
        <p className="product-prices">
          <span className="product-price">{rupees(product.listingPrice)}</span>{" "}
          <span className="product-mrp">
            M.R.P: <s>{rupees(product.mrp)}</s>
          </span>
          {product.discountToMerchant > 0 && <span className="product-off">{product.discountToMerchant}% off</span>}
        </p>
        <StarRating value={product.ratings} />
        <ul className="delivery-notes">
          <li>Free &amp; Fastest Delivery</li>
          <li>Get it in 1 Hour</li>
        </ul>
      </div>
      <div className="product-card-actions">
        <QuantityControl
          name={product.productName}
          quantity={quantity}
          onMinus={() => void store.minus(item)}
          onPlus={() => void store.add(item)}
        />
        <button type="button" className="btn btn-outline" onClick={() => void store.add(item)}>
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
    </li>
  );
}
