import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useCategories } from "../api/get-categories";
import styles from "./CategoryChips.module.css";

interface CategoryChipsProps {
  /** The category shown now ('' for all), marked as current. */
  current?: string;
  /** Where each chip goes; `''` is "All". */
  hrefFor: (slug: string) => string;
  /** Offer an "All" chip first (the list page). */
  withAll?: boolean;
  label: string;
}

/** The store's categories as a row of links (chips), scrolling sideways on a phone. */
export function CategoryChips({ current = "", hrefFor, withAll = false, label }: CategoryChipsProps) {
  const { data: categories = [], isPending } = useCategories();
  const { t } = useLingui();
  // The row's height is kept while the categories load, so the products below do not jump.
  if (isPending) return <div className={styles.loading} aria-hidden="true" />;
  if (categories.length === 0) return null;
  const chips = [...(withAll ? [{ slug: "", name: t`All` }] : []), ...categories];
  return (
    <nav aria-label={label} className={styles.chips}>
      <ul>
        {chips.map((category) => (
          <li key={category.slug || "all"}>
            <Link
              to={hrefFor(category.slug)}
              className={styles.chip}
              aria-current={category.slug === current ? "true" : undefined}
              preventScrollReset
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The categories as plain links, for an empty result: somewhere to go next. */
export function CategorySuggestions() {
  const { data: categories = [] } = useCategories();
  if (categories.length === 0) return null;
  return (
    <ul className={styles.suggestions}>
      {categories.map((category) => (
        <li key={category.slug}>
          <Link to={`/products?category=${category.slug}`}>{category.name}</Link>
        </li>
      ))}
    </ul>
  );
}
