import { BannerCarousel } from "../components/BannerCarousel";
import { BrandList } from "../components/BrandList";
import { ProductGrid } from "../components/ProductGrid";
import { StoreHeader } from "../components/StoreHeader";

/** /product-home: logo, brands, the banner carousel and the product list. */
export default function ProductHomePage() {
  return (
    <div className="store-page">
      <StoreHeader />
      <h1 className="visually-hidden">Store</h1>
      <BrandList />
      <BannerCarousel />
      <ProductGrid />
    </div>
  );
}
