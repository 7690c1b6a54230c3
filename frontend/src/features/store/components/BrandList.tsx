import { Trans } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link } from "react-router";
import { useBrands } from "../api/get-brands";
import { useStore } from "../../../components/storefront/store-state";
import shared from "../../../components/storefront/storefront.module.css";
import styles from "./BrandList.module.css";

/** The brands row of the product home (the catalogue lists brands to logged-in shoppers); each opens the brand's products. */
export function BrandList() {
  const { verified } = useStore();
  const query = useBrands({ enabled: verified === true });
  const brands = (verified && query.data) || [];

  useEffect(() => {
    if (query.isError) console.warn("Store: brands could not be loaded", query.error);
  }, [query.isError, query.error]);

  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="brands-heading">
      <h2 id="brands-heading" className={shared.sectionTitle}>
        <Trans>Brands</Trans>
      </h2>
      <ul className={styles.list}>
        {brands.map((brand) => (
          <li key={brand.id}>
            <Link to={`/products?brandId=${brand.id}`} className={styles.item}>
              <img src={brand.logo ?? "/img/logo-mark.svg"} alt="" width={64} height={64} loading="lazy" />
              <span>{brand.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
