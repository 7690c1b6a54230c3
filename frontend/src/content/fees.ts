import service from "../../../contracts/store-fees.json";
import { indianDigits } from "../lib/indian-numbers";

/** '1199.00' as the policies write a whole-rupee fee or threshold: '₹1,199'. */
function wholeRupees(amount: string): string {
  const [whole, paise] = amount.split(".");
  return paise && Number(paise) !== 0 ? `₹${indianDigits(Number(whole))}.${paise}` : `₹${indianDigits(Number(whole))}`;
}

/**
 * The store's fees as the site's terms state them: read from contracts/store-fees.json, the file
 * the orders service charges them from, so the terms never name a fee the checkout does not add.
 */
export function feeValues(): Record<string, string> {
  const { fees, personalCareOnly: care } = service;
  return {
    convenienceFee: wholeRupees(fees.convenienceFee),
    platformFee: wholeRupees(fees.platformFee),
    feeThreshold: wholeRupees(fees.threshold),
    careConvenienceFee: wholeRupees(care.convenienceFee),
    carePlatformFee: wholeRupees(care.platformFee),
    careFeeThreshold: wholeRupees(care.threshold),
  };
}
