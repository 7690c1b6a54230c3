// The features' catalogs a test of another feature's words needs, as that feature's pages have
// them loaded (a checkout page runs in the store's shell, which loads the store's words).
export { storeCatalog } from "../features/store/catalog";
