import type { ImgHTMLAttributes } from "react";
import { prefersLight } from "../../../lib/connection";
import type { Product } from "../api/get-product";

/** What a picture needs of a product: a product of the list or a line of the cart. */
type Pictured = Pick<Product, "filePath1" | "pictureSources">;

/**
 * A product's picture (a card, the product page, a cart line): the catalogue's smaller raster
 * files (AVIF, then WebP) as <source>s the browser picks from by `sizes`, and the catalogue's own
 * picture (filePath1) where it takes neither. On Save-Data or a slow link each source offers its smallest file alone
 * (docs/decisions/light-pictures.md). The gateway fills the store's first page in with the same
 * markup (gateway/store/first_page.py).
 */
export function ProductPicture({
  product,
  sizes,
  ...img
}: { product: Pictured; sizes: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes">) {
  const light = prefersLight();
  return (
    <picture>
      {(product.pictureSources ?? []).map((source) => (
        <source key={source.type} type={source.type} srcSet={light ? source.lightSrcset : source.srcset} sizes={sizes} />
      ))}
      <img src={product.filePath1 ?? "/img/logo-mark.svg"} {...img} />
    </picture>
  );
}
