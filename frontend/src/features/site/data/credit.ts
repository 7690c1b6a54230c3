/** The credit page's (/buy-products-on-credit) categories and steps, as messages. */
import { msg } from "@lingui/core/macro";

/** The credit page's ten categories; `slug` is the store's category (`/products?category=`). */
export const categories = [
  { name: msg`PVC conduit pipes`, slug: "pvc-conduit-pipes", image: "/img/site/category-pvc-conduit-pipes.svg" },
  { name: msg`Socket & Switchgears`, slug: "socket-switchgear", image: "/img/site/category-socket-switchgear.svg" },
  { name: msg`Switches`, slug: "switches", image: "/img/site/category-switches.svg" },
  { name: msg`Home Wires`, slug: "home-wires", image: "/img/site/category-home-wires.svg" },
  { name: msg`Lamps & Bulbs`, slug: "lamps-bulbs", image: "/img/site/category-lamps-bulbs.svg" },
  { name: msg`Home Door Bells`, slug: "door-bells", image: "/img/site/category-door-bells.svg" },
  { name: msg`MCB & RCCB`, slug: "mcb-rccb", image: "/img/site/category-mcb-rccb.svg" },
  { name: msg`LED Bulbs`, slug: "led-bulbs", image: "/img/site/category-led-bulbs.svg" },
  { name: msg`Casing & Capping`, slug: "casing-capping", image: "/img/site/category-casing-capping.svg" },
  { name: msg`Boxes and Enclosures`, slug: "boxes-enclosures", image: "/img/site/category-boxes-enclosures.svg" },
] as const;

export const creditFlow = [
  { title: msg`Material dispatched`, text: msg`The distributor dispatches your order and generates the invoice.` },
  { title: msg`Invoice uploaded`, text: msg`The invoice is uploaded to the platform for approval.` },
  { title: msg`Invoice approved`, text: msg`The lender approves the invoice and the trade is confirmed.` },
  { title: msg`Distributor paid`, text: msg`The lender pays the approved invoice to the distributor.` },
  { title: msg`You repay`, text: msg({ message: "You repay in {repaymentDaysFrom} to {repaymentDaysTo} days, depending on your plan." }) },
].map((step, index) => ({ ...step, image: `/img/site/credit-flow-${index + 1}.svg` }));
