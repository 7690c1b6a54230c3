/** The UPI feature's public face: its panel, fetched (with its words) only when a payer chooses UPI. */
export { UpiPanel } from "./lazy";
