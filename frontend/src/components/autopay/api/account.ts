/**
 * Whose AutoPay it is: a loan's instalments (the loan page) or a credit line's dues (/credit). The
 * gateway answers both in the same shapes, under each one's own path.
 */
export interface AutoPayAccount {
  kind: "loan" | "line";
  /** The loan's or the line's number (LN-1004, CL-5001). */
  number: string;
}

/** The account's AutoPay path under /api (the client adds it). */
export function autopayPath({ kind, number }: AutoPayAccount): string {
  const base = kind === "loan" ? "/loans" : "/credit/lines";
  return `${base}/${encodeURIComponent(number)}/autopay`;
}

/** The account in a query key: a loan and a line of the same number are never one cache entry. */
export const accountKey = ({ kind, number }: AutoPayAccount) => [kind, number] as const;
