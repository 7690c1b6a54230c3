import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import type { components } from "../api/schema";
import type { Cart } from "./get-cart";

export type CartCharges = components["schemas"]["CartChargesView"];

/** GET /api/store/cart/charges: the cart's fees, GST and total, as the orders service prices them. */
export async function getCartCharges(): Promise<CartCharges> {
  const { data } = await api.get<CartCharges>("/store/cart/charges");
  return data;
}

/** Read again whenever the cart's lines change: the key is the lines themselves. */
export function useCartCharges(cart: Cart, { enabled }: { enabled: boolean }) {
  const lines = cart.items.map((line) => [line.productId, line.quantity]);
  return useQuery({
    queryKey: ["store", "cart", "charges", lines],
    queryFn: getCartCharges,
    enabled: enabled && lines.length > 0,
    retry: false,
  });
}
