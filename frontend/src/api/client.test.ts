// @vitest-environment node
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it, vi } from "vitest";
import { api, groupOfUnauthorized, onUnauthorized } from "./client";

/** A transport that answers every call with `status` (no network). */
function answering(status: number): AxiosAdapter {
  return (config: InternalAxiosRequestConfig) => {
    const response = { status, statusText: "", headers: {}, config, data: { error: { code: "x", message: "m" } } };
    if (status < 400) return Promise.resolve(response);
    return Promise.reject(new AxiosError("failed", AxiosError.ERR_BAD_REQUEST, config, null, response));
  };
}

describe("groupOfUnauthorized", () => {
  it("names the group whose call found the login ended", () => {
    expect(groupOfUnauthorized("/portal/repayment")).toBe("portal");
    expect(groupOfUnauthorized("/store/cart/items/3/increment")).toBe("store");
  });

  it("leaves the login calls and everything else to the screen", () => {
    for (const url of ["/portal/otp", "/portal/otp/verify", "/store/otp", "/store/otp/verify", "/store/native-session"]) {
      expect(groupOfUnauthorized(url)).toBeNull();
    }
    expect(groupOfUnauthorized("/session")).toBeNull();
    expect(groupOfUnauthorized("/site/contact")).toBeNull();
    expect(groupOfUnauthorized(undefined)).toBeNull();
  });
});

describe("onUnauthorized", () => {
  it("hears each 401 once, with its group, and the call still fails", async () => {
    const handler = vi.fn();
    const uninstall = onUnauthorized(handler);
    try {
      await expect(api.get("/store/cart", { adapter: answering(401) })).rejects.toBeInstanceOf(AxiosError);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith("store");
    } finally {
      uninstall();
    }
  });

  it("ignores other failures, the login calls' 401 and, once uninstalled, everything", async () => {
    const handler = vi.fn();
    const uninstall = onUnauthorized(handler);
    await expect(api.get("/portal/repayment", { adapter: answering(503) })).rejects.toBeInstanceOf(AxiosError);
    await expect(api.post("/portal/otp/verify", {}, { adapter: answering(401) })).rejects.toBeInstanceOf(AxiosError);
    await expect(api.get("/portal/repayment", { adapter: answering(200) })).resolves.toMatchObject({ status: 200 });
    expect(handler).not.toHaveBeenCalled();
    uninstall();
    await expect(api.get("/portal/repayment", { adapter: answering(401) })).rejects.toBeInstanceOf(AxiosError);
    expect(handler).not.toHaveBeenCalled();
  });
});
