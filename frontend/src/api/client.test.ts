// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { ApiError, api, errorCode, errorMessage, errorStatus, groupOfUnauthorized, onUnauthorized } from "./client";

/** A transport that answers every call with `status` and the gateway's error shape (no network). */
function answering(status: number): typeof fetch {
  const body = JSON.stringify({ error: { code: "x", message: "m" } });
  return () => Promise.resolve(new Response(body, { status, headers: { "Content-Type": "application/json" } }));
}

describe("groupOfUnauthorized", () => {
  it("names the group whose call found the login ended", () => {
    expect(groupOfUnauthorized("/portal/repayment")).toBe("portal");
    expect(groupOfUnauthorized("/store/cart/items/3/increment")).toBe("store");
    expect(groupOfUnauthorized("/checkout/quote")).toBe("store");
    expect(groupOfUnauthorized("/checkout/orders/VK-1/cancel")).toBe("store");
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
      await expect(api.get("/store/cart", { transport: answering(401) })).rejects.toBeInstanceOf(ApiError);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith("store");
    } finally {
      uninstall();
    }
  });

  it("ignores other failures, the login calls' 401 and, once uninstalled, everything", async () => {
    const handler = vi.fn();
    const uninstall = onUnauthorized(handler);
    await expect(api.get("/portal/repayment", { transport: answering(503) })).rejects.toBeInstanceOf(ApiError);
    await expect(api.post("/portal/otp/verify", {}, { transport: answering(401) })).rejects.toBeInstanceOf(ApiError);
    await expect(api.get("/portal/repayment", { transport: answering(200) })).resolves.toMatchObject({ status: 200 });
    expect(handler).not.toHaveBeenCalled();
    uninstall();
    await expect(api.get("/portal/repayment", { transport: answering(401) })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("api", () => {
  it("sends JSON with the XSRF cookie echoed on changes, and the query from params", async () => {
    document.cookie = "XSRF-TOKEN=tok%3D1";
    const seen: { url: string; init: RequestInit }[] = [];
    const transport: typeof fetch = (url, init) => {
      seen.push({ url: String(url), init: init ?? {} });
      return Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200 }));
    };
    const read = await api.get<{ ok: boolean }>("/store/products", { params: { page: 2, search: "led", none: undefined }, transport });
    await api.post("/store/otp", { mobileNumber: "9876543210" }, { headers: { "Idempotency-Key": "k1" }, transport });
    expect(read).toEqual({ data: { ok: true }, status: 200 });
    expect(seen[0].url).toBe("/api/store/products?page=2&search=led");
    expect(new Headers(seen[0].init.headers).has("X-XSRF-TOKEN")).toBe(false);
    const post = new Headers(seen[1].init.headers);
    expect([post.get("X-XSRF-TOKEN"), post.get("Content-Type"), post.get("Idempotency-Key")]).toEqual([
      "tok=1",
      "application/json",
      "k1",
    ]);
    expect(seen[1].init.body).toBe('{"mobileNumber":"9876543210"}');
  });

  it("turns an error answer into the gateway's message, code and status", async () => {
    const failed = await api.get("/portal/repayment", { transport: answering(422) }).catch((e: unknown) => e);
    expect(errorMessage(failed, "fallback")).toBe("m");
    expect(errorCode(failed)).toBe("x");
    expect(errorStatus(failed)).toBe(422);
    const unreachable = await api
      .get("/session", { transport: () => Promise.reject(new TypeError("Failed to fetch")) })
      .catch((e: unknown) => e);
    expect(errorMessage(unreachable, "fallback")).toBe("fallback");
    expect(errorStatus(unreachable)).toBeUndefined();
  });
});

