import { useEffect, useState } from "react";
import { fetchBrands, type Brand } from "../api";
import { useStore } from "../StoreContext";

/** The brands row of the product home (the catalogue lists brands to logged-in shoppers). */
export function BrandList() {
  const { verified } = useStore();
  const [brands, setBrands] = useState<Brand[]>([]);

  useEffect(() => {
    if (!verified) {
      setBrands([]);
      return;
    }
    let cancelled = false;
    fetchBrands()
      .then((list) => {
        if (!cancelled) setBrands(list);
      })
      .catch((error: unknown) => console.warn("Store: brands could not be loaded", error));
    return () => {
      cancelled = true;
    };
  }, [verified]);

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
