import { api } from "../../api/client";
import type { components } from "../../api/schema";

type Schemas = components["schemas"];
export type Product = Schemas["ProductView"];
export type ProductList = Schemas["ProductListView"];
export type Brand = Schemas["BrandView"];
export type Cart = Schemas["CartView"];
export type CartLine = Schemas["CartLineView"];
export type OrderDraft = Schemas["OrderDraftView"];
export type SendCodeAnswer = Schemas["SendCodeResponse"];
export type StoreLoginAnswer = Schemas["StoreLoginView"];
export type PaymentType = OrderDraft["paymentType"];

export const PAGE_SIZE = 12;
export const EMPTY_CART: Cart = { items: [], count: 0, subtotal: 0 };

export async function fetchProducts(page: number, search: string): Promise<ProductList> {
  const params: Record<string, string | number> = { page, pageSize: PAGE_SIZE };
  if (search) params.search = search;
  const { data } = await api.get<ProductList>("/store/products", { params });
  return data;
}

export async function fetchProduct(id: number): Promise<Product> {
  const { data } = await api.get<Product>(`/store/products/${id}`);
  return data;
}

export async function fetchBrands(): Promise<Brand[]> {
  const { data } = await api.get<Brand[]>("/store/brands");
  return data;
}

export async function fetchCart(): Promise<Cart> {
  const { data } = await api.get<Cart>("/store/cart");
  return data;
}

export async function incrementLine(productId: number): Promise<Cart> {
  const { data } = await api.post<Cart>(`/store/cart/items/${productId}/increment`);
  return data;
}

export async function decrementLine(productId: number): Promise<Cart> {
  const { data } = await api.post<Cart>(`/store/cart/items/${productId}/decrement`);
  return data;
}

export async function setLineQuantity(productId: number, quantity: number): Promise<Cart> {
  const { data } = await api.put<Cart>(`/store/cart/items/${productId}`, { quantity });
  return data;
}

export async function sendCode(mobileNumber: string): Promise<SendCodeAnswer> {
  const { data } = await api.post<SendCodeAnswer>("/store/otp", { mobileNumber });
  return data;
}

export async function verifyCode(mobileNumber: string, otp: string): Promise<StoreLoginAnswer> {
  const { data } = await api.post<StoreLoginAnswer>("/store/otp/verify", { mobileNumber, otp });
  return data;
}

export async function startNativeSession(userId: string, token: string, verified: boolean): Promise<StoreLoginAnswer> {
  const body: Schemas["NativeSessionRequest"] = { userId, token, verified };
  const { data } = await api.post<StoreLoginAnswer>("/store/native-session", body);
  return data;
}

export async function createOrderDraft(paymentType: PaymentType): Promise<OrderDraft> {
  const { data } = await api.post<OrderDraft>("/store/order-draft", { paymentType });
  return data;
}

/** Rupees with 2 decimals, as the cart shows them. */
export function rupees(value: number): string {
  return `₹${value.toFixed(2)}`;
}
