import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { enableWhenHydrated } from "../../../lib/until-hydrated";
import { useBrands } from "../api/get-brands";
import type { ProductFilters, ProductSort } from "../api/get-products";
import { useStore } from "../../../components/storefront/store-state";
import { CategoryChips } from "./CategoryChips";
import { browseHref } from "./useBrowseFilters";
import styles from "./BrowseFilters.module.css";

export interface BrandOption {
  id: number;
  name: string;
}

interface BrowseFiltersProps {
  filters: ProductFilters;
  /** Brands met in the products shown so far (the catalogue lists brands to logged-in shoppers only). */
  seenBrands: BrandOption[];
  onChange: (change: Partial<ProductFilters>) => void;
}

/** Category chips, a brand select and the price sort; every choice is written to the address. */
export function BrowseFilters({ filters, seenBrands, onChange }: BrowseFiltersProps) {
  const { verified } = useStore();
  const { t } = useLingui();
  const id = useId();
  const { data: listed = [] } = useBrands({ enabled: verified === true });
  const brands = new Map<number, string>();
  for (const brand of [...(verified ? listed : []), ...seenBrands]) brands.set(brand.id, brand.name);
  // By name, ignoring case. Not localeCompare: its first call loads the locale's collation data,
  // a long task on a slow phone just as the list hydrates, for brand names in plain Latin letters.
  const byName = (name: string) => name.toLowerCase();
  const options = [...brands]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => (byName(a.name) < byName(b.name) ? -1 : byName(a.name) > byName(b.name) ? 1 : 0));
  if (filters.brandId && !brands.has(filters.brandId)) options.push({ id: filters.brandId, name: t`This brand` });

  return (
    <div className={styles.filters} ref={enableWhenHydrated}>
      <CategoryChips
        label={t`Categories`}
        withAll
        current={filters.category ?? ""}
        hrefFor={(slug) => browseHref({ ...filters, category: slug || undefined })}
      />
      <div className={styles.selects}>
        <div className={styles.field}>
          <label htmlFor={`${id}-brand`}>
            <Trans>Brand</Trans>
          </label>
          <select
            id={`${id}-brand`}
            value={filters.brandId ?? ""}
            onChange={(event) => onChange({ brandId: Number(event.target.value) || undefined })}
          >
            <option value="">{t`All brands`}</option>
            {options.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-sort`}>
            <Trans>Sort by</Trans>
          </label>
          <select
            id={`${id}-sort`}
            value={filters.sort ?? ""}
            onChange={(event) => onChange({ sort: (event.target.value || undefined) as ProductSort | undefined })}
          >
            <option value="">{t`Relevance`}</option>
            <option value="priceAsc">{t`Price: low to high`}</option>
            <option value="priceDesc">{t`Price: high to low`}</option>
          </select>
        </div>
      </div>
    </div>
  );
}
