import type { I18n } from "@lingui/core";
import { company, figures } from "../../../content/company";
import { deliveryValues } from "../../../content/delivery";
import { creditTermValues } from "../../../content/credit-terms";
import { feeValues } from "../../../content/fees";

/** Values of the `{{tokens}}` the content files use (see content/README.md), the figures and the
 * address in the page's language. */
export function contentTokens(productName: string, i18n: I18n): Record<string, string> {
  return {
    product: productName,
    companyName: company.legalName,
    creditLimit: i18n._(figures.creditLimit),
    supportEmail: company.supportEmail,
    supportPhone: company.supportPhone,
    officeAddress: i18n._(company.officeAddress),
    grievanceOfficer: company.grievanceOfficer,
    grievanceEmail: company.grievanceEmail,
    grievancePhone: company.grievancePhone,
    ...deliveryValues(i18n.locale),
    ...feeValues(),
    ...creditTermValues(),
  };
}

/** Replace every known `{{token}}`; an unknown one is left visible so a typo gets noticed. */
export function fillTokens(source: string, tokens: Record<string, string>): string {
  return source.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => tokens[name] ?? whole);
}
