import { useEffect } from "react";
import { useBrands } from "../api/get-brands";
import { useStore } from "../StoreContext";

/** The brands row of the product home (the catalogue lists brands to logged-in shoppers). */
export function BrandList() {
  const { verified } = useStore();
  const query = useBrands({ enabled: verified === true });
  const brands = (verified && query.data) || [];

  useEffect(() => {
    if (query.isError) console.warn("Store: brands could not be loaded", query.error);
  }, [query.isError, query.error]);

  if (brands.length === 0) return null;
  return (
    <section className="brand-section" aria-labelledby="brands-heading">
      <h2 id="brands-heading">Brands</h2>
      <ul className="brand-list">
        {brands.map((brand) => (
          <li key={brand.id} className="brand-item">
            <img src={brand.logo ?? "/img/logo-mark.svg"} alt="" width={64} height={64} loading="lazy" />
            <span>{brand.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
