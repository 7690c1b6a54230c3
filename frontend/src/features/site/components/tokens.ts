import { company, figures } from "../../../content/company";

/** Values of the `{{tokens}}` the content files use (see content/README.md). */
export function contentTokens(productName: string): Record<string, string> {
  return {
    product: productName,
    companyName: company.legalName,
    creditLimit: figures.creditLimit,
    supportEmail: company.supportEmail,
    supportPhone: company.supportPhone,
    officeAddress: company.officeAddress,
    grievanceOfficer: company.grievanceOfficer,
    grievanceEmail: company.grievanceEmail,
    grievancePhone: company.grievancePhone,
  };
}

/** Replace every known `{{token}}`; an unknown one is left visible so a typo gets noticed. */
export function fillTokens(source: string, tokens: Record<string, string>): string {
  return source.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => tokens[name] ?? whole);
}
