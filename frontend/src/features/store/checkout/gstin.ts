/** GSTIN: 2-digit state code, PAN, entity number, 'Z', and a base-36 check digit (GSTN's algorithm). */
const CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckDigit(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36];
}

/** The message to show for a typed GSTIN, or null when it is well formed with the right check digit. */
export function gstinProblem(value: string): string | null {
  const gstin = value.trim().toUpperCase();
  if (!FORMAT.test(gstin)) return "Please enter a valid 15-character GSTIN, e.g. 27AAPFU0939F1ZV.";
  if (gstinCheckDigit(gstin.slice(0, 14)) !== gstin[14]) return "This GSTIN's check digit is wrong. Please check it.";
  return null;
}
