import type { ImgHTMLAttributes } from "react";
import { prefersLight } from "../../../lib/connection";
import type { Product } from "../api/get-product";

/**
 * A product's picture: the catalogue's smaller raster files (AVIF, then WebP) as <source>s the
 * browser picks from by `sizes`, and the catalogue's own picture (filePath1) where it takes
 * neither. On Save-Data or a slow link each source offers its smallest file alone
 * (docs/decisions/light-pictures.md). The gateway fills the store's first page in with the same
 * markup (gateway/store/first_page.py).
 */
export function ProductPicture({
  product,
  sizes,
  ...img
}: { product: Product; sizes: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes">) {
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
