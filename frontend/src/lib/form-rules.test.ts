import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, ensureCatalog, i18n, sharedCatalog } from "./i18n";
import { MESSAGES, emailError, firstError, messageError, nameError, normalisePhone, phoneError } from "./form-rules";

describe("phone numbers", () => {
  it("accepts a mobile and a landline with its STD code, as people write them", () => {
    for (const ok of ["9876543210", "011-2345 6789", "01123456789", "(080) 4123 4567", "+91 98765 43210"]) {
      expect(phoneError(ok), ok).toBeUndefined();
    }
    expect(normalisePhone("011-2345 6789")).toBe("01123456789");
    expect(normalisePhone("+91 98765 43210")).toBe("9876543210");
  });

  it("refuses what cannot be dialled", () => {
    for (const bad of ["", "98765", "phone", "0123456789012", "23456789"]) {
      expect(phoneError(bad), bad).toBe(i18n._(MESSAGES.phone));
    }
  });
});

describe("the other fields", () => {
  it("needs a name, an address and a message", () => {
    expect(nameError("  ")).toBe(i18n._(MESSAGES.name));
    expect(nameError("Asha Traders")).toBeUndefined();
    expect(emailError("asha@")).toBe(i18n._(MESSAGES.email));
    expect(emailError("asha@shop.example")).toBeUndefined();
    expect(messageError("")).toBe(i18n._(MESSAGES.message));
  });

  it("names the first field in error", () => {
    expect(firstError<Record<"name" | "email" | "phone", string>>(["name", "email", "phone"], { phone: "x", email: "y" })).toBe("email");
    expect(firstError<{ name: string }>(["name"], {})).toBeUndefined();
  });
});

describe("the messages' language", () => {
  afterEach(() => activateLocale("en"));

  it("is the page's at the time of the check", async () => {
    expect(phoneError("98765")).toBe("Please enter a valid phone number: a 10-digit mobile, or a landline with its STD code.");
    await ensureCatalog(sharedCatalog, "en");
    await activateLocale("hi");
    expect(nameError("")).toBe("कृपया अपना नाम डालें (100 अक्षरों तक)।");
    expect(emailError("asha@")).toBe("कृपया सही ईमेल पता डालें।");
  });
});
