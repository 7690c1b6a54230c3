import { BannerCarousel } from "../components/BannerCarousel";
import { BrandList } from "../components/BrandList";
import { ProductGrid } from "../components/ProductGrid";
import { StoreHeader } from "../components/StoreHeader";
import shared from "../store.module.css";

/** /product-home: logo, brands, the banner carousel and the product list. */
export default function ProductHomePage() {
  return (
    <div className={shared.page}>
      <StoreHeader />
      <h1 className="visually-hidden">Store</h1>
      <BrandList />
      <BannerCarousel />
      <ProductGrid />
    </div>
  );
}
