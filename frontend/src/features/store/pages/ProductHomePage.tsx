import { Trans, useLingui } from "@lingui/react/macro";
import { BannerCarousel } from "../components/BannerCarousel";
import { BrandList } from "../components/BrandList";
import { CategoryChips } from "../components/CategoryChips";
import { ProductGrid } from "../components/ProductGrid";
import { StoreHeader } from "../components/StoreHeader";
import shared from "../../../components/storefront/storefront.module.css";
import { usePageMeta } from "../../../lib/page-meta";

/** /product-home: logo, brands, the banner carousel, the categories and the product list. */
export default function ProductHomePage() {
  const { t } = useLingui();
  usePageMeta({
    title: t`Store`,
    description: t`Shop switches, wires, MCBs, fans, lamps and more from the brands you know, and pay online, on delivery or on credit.`,
  });
  return (
    <div className={shared.page}>
      <StoreHeader />
      <h1 className="visually-hidden">
        <Trans>Store</Trans>
      </h1>
      <BrandList />
      <BannerCarousel />
      <h2 className={shared.sectionTitle}>
        <Trans>Shop by category</Trans>
      </h2>
      <CategoryChips label={t`Shop by category`} hrefFor={(slug) => `/products?category=${slug}`} />
      <ProductGrid />
    </div>
  );
}
