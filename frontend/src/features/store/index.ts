// The store's public face: what another feature (checkout) may use of the storefront. The cart,
// the login modal and the native bridge stay the store's; anything not exported here is internal,
// and the lint's feature boundary lets other features import this file and nothing else.
export { useStore, type CartProduct } from "./StoreContext";
export { cartQuery, type Cart, type CartLine } from "./api/get-cart";
export { inWebView, postAddedToCart } from "./nativeBridge";
export { loginStateFrom } from "./components/returnTo";
export { StoreHeader } from "./components/StoreHeader";
export { default as storeStyles } from "./store.module.css";
export { promiseWords, hoursWords } from "./delivery/promiseWords";
export { DeliveryLabel } from "./components/DeliveryLabel";
export { storeCatalog } from "./catalog";
