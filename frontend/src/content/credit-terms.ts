import terms from "../../../contracts/credit-terms.json";

/** '18.00' as the site writes a rate: '18%'; '21.40': '21.4%'. */
function percent(value: string): string {
  return `${Number(value)}%`;
}

/**
 * The credit terms the platform advertises, read at build time from contracts/credit-terms.json,
 * the one setting the site, the FAQ and the checkout say them from, and the file the lenders'
 * offers are held within (docs/decisions/advertised-credit-terms.md). `to` is the range's word in
 * the page's language ('to', 'से ... तक' is written around the numbers by each message).
 */
export function creditTermValues(): Record<string, string> {
  const { interestFreeDays, repaymentDays, interestAfterPercent, aprPercent, processingFeePercentUpTo } = terms;
  return {
    interestFreeDays: String(interestFreeDays),
    repaymentDaysFrom: String(repaymentDays.from),
    repaymentDaysTo: String(repaymentDays.to),
    interestFrom: percent(interestAfterPercent.from),
    interestTo: percent(interestAfterPercent.to),
    aprFrom: percent(aprPercent.from),
    aprTo: percent(aprPercent.to),
    processingFeeUpTo: percent(processingFeePercentUpTo),
  };
}
