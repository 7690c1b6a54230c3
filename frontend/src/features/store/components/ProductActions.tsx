import { useNavigate } from "react-router";
import type { Product } from "../api/get-product";
import { useStore } from "../StoreContext";
import { QuantityControl } from "./QuantityControl";

interface ProductActionsProps {
  product: Product;
  className: string;
  /** Hold the buttons while a cart call is under way (the detail page shows its overlay). */
  disabled?: boolean;
}

/** Minus / quantity / plus, 'Add to cart' and 'Buy Now', the same on a card and the detail page. */
export function ProductActions({ product, className, disabled = false }: ProductActionsProps) {
  const navigate = useNavigate();
  const store = useStore();
  const quantity = store.quantityOf(product.id, product.quantity);
  const item = { id: product.id, productName: product.productName };
  return (
    <div className={className}>
      <QuantityControl
        name={product.productName}
        quantity={quantity}
        disabled={disabled}
        onMinus={() => void store.minus(item)}
        onPlus={() => void store.add(item)}
      />
      <button type="button" className="btn btn-outline" disabled={disabled} onClick={() => void store.add(item)}>
        Add to cart
      </button>
      <button type="button" className="btn btn-primary" onClick={() => store.withLogin(() => navigate("/shopping-cart"))}>
        Buy Now
      </button>
    </div>
  );
}
