import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Product } from "../api/get-product";
import { ProductPicture } from "./ProductPicture";

const product = {
  filePath1: "/media/7.svg",
  pictureSources: [
    { type: "image/avif", srcset: "/p/7-160.avif 160w, /p/7-320.avif 320w", lightSrcset: "/p/7-160.avif 160w" },
    { type: "image/webp", srcset: "/p/7-160.webp 160w, /p/7-320.webp 320w", lightSrcset: "/p/7-160.webp 160w" },
  ],
} as Product;

function withConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  vi.stubGlobal("navigator", { onLine: true, connection });
}

describe("ProductPicture", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers every width of each format, best format first, and the catalogue's picture last", () => {
    withConnection({ saveData: false, effectiveType: "4g" });
    expect(renderToStaticMarkup(<ProductPicture product={product} sizes="50vw" alt="" />)).toBe(
      '<picture><source type="image/avif" srcSet="/p/7-160.avif 160w, /p/7-320.avif 320w" sizes="50vw"/>' +
        '<source type="image/webp" srcSet="/p/7-160.webp 160w, /p/7-320.webp 320w" sizes="50vw"/>' +
        '<img src="/media/7.svg" alt=""/></picture>',
    );
  });

  it.each([
    ["Save-Data", { saveData: true, effectiveType: "4g" }],
    ["a 3G link", { effectiveType: "3g" }],
    ["a 2G link", { effectiveType: "2g" }],
    ["a slow 2G link", { effectiveType: "slow-2g" }],
  ])("offers the smallest file alone on %s", (_, connection) => {
    withConnection(connection);
    const html = renderToStaticMarkup(<ProductPicture product={product} sizes="50vw" alt="" />);
    expect(html).toContain('srcSet="/p/7-160.avif 160w"');
    expect(html).toContain('srcSet="/p/7-160.webp 160w"');
    expect(html).not.toContain("320w");
  });

  it("shows the catalogue's picture alone when it sends no smaller files", () => {
    withConnection(undefined);
    const html = renderToStaticMarkup(<ProductPicture product={{ ...product, pictureSources: [] }} sizes="50vw" alt="" />);
    expect(html).toBe('<picture><img src="/media/7.svg" alt=""/></picture>');
  });
});
