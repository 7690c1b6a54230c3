// @vitest-environment jsdom
import { http as route, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { activateLocale } from "../lib/i18n";
import { apiServer } from "../testing/api-server";
import { ApiError, api, errorCode, errorMessage, errorStatus, groupOfUnauthorized, onUnauthorized } from "./client";
import { xsrfCookieName } from "./http";

/** Every call answers `status` with the gateway's error shape. */
function answering(status: number) {
  const body = () => HttpResponse.json({ error: { code: "x", message: "m" } }, { status });
  apiServer.use(route.all("/api/*", body));
}

describe("groupOfUnauthorized", () => {
  it("names the group whose call found the login ended", () => {
    expect(groupOfUnauthorized("/portal/repayment")).toBe("portal");
    expect(groupOfUnauthorized("/store/cart/items/3/increment")).toBe("store");
    expect(groupOfUnauthorized("/checkout/quote")).toBe("store");
    expect(groupOfUnauthorized("/orders/VK-1/cancel")).toBe("store");
    expect(groupOfUnauthorized("/orders")).toBe("store");
    expect(groupOfUnauthorized("/addresses")).toBe("store");
    expect(groupOfUnauthorized("/addresses/3/default")).toBe("store");
  });

  it("leaves the login calls and everything else to the screen", () => {
    for (const url of ["/portal/otp", "/portal/otp/verify", "/store/otp", "/store/otp/verify", "/store/native-session"]) {
      expect(groupOfUnauthorized(url)).toBeNull();
    }
    expect(groupOfUnauthorized("/session")).toBeNull();
    expect(groupOfUnauthorized("/site/contact")).toBeNull();
    expect(groupOfUnauthorized("/ordersheet")).toBeNull();
    expect(groupOfUnauthorized(undefined)).toBeNull();
  });
});

describe("onUnauthorized", () => {
  it("hears each 401 once, with its group, and the call still fails", async () => {
    answering(401);
    const handler = vi.fn();
    const uninstall = onUnauthorized(handler);
    try {
      await expect(api.get("/store/cart")).rejects.toBeInstanceOf(ApiError);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(handler).toHaveBeenCalledWith("store");
    } finally {
      uninstall();
    }
  });

  it("ignores other failures, the login calls' 401 and, once uninstalled, everything", async () => {
    const handler = vi.fn();
    const uninstall = onUnauthorized(handler);
    answering(503);
    await expect(api.get("/portal/repayment")).rejects.toBeInstanceOf(ApiError);
    answering(401);
    await expect(api.post("/portal/otp/verify", {})).rejects.toBeInstanceOf(ApiError);
    apiServer.use(route.get("/api/portal/repayment", () => HttpResponse.json({ ok: true })));
    await expect(api.get("/portal/repayment")).resolves.toMatchObject({ status: 200 });
    expect(handler).not.toHaveBeenCalled();
    uninstall();
    apiServer.resetHandlers();
    answering(401);
    await expect(api.get("/portal/repayment")).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("api", () => {
  it("sends JSON with the XSRF cookie echoed in its header, and the query from params", async () => {
    document.cookie = "XSRF-TOKEN=tok%3D1";
    const seen: Request[] = [];
    apiServer.use(
      route.all("/api/*", ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json({ ok: true });
      }),
    );
    const read = await api.get<{ ok: boolean }>("/store/products", { params: { page: 2, search: "led", none: undefined } });
    await api.post("/store/otp", { mobileNumber: "9876543210" }, { headers: { "Idempotency-Key": "k1" } });
    expect(read).toMatchObject({ data: { ok: true }, status: 200 });
    expect(new URL(seen[0].url).pathname + new URL(seen[0].url).search).toBe("/api/store/products?page=2&search=led");
    const post = seen[1].headers;
    expect([post.get("X-XSRF-TOKEN"), post.get("Content-Type"), post.get("Idempotency-Key")]).toEqual([
      "tok=1",
      "application/json",
      "k1",
    ]);
    expect(await seen[1].text()).toBe('{"mobileNumber":"9876543210"}');
  });

  it("reads the __Host- cookie over HTTPS, the plain one otherwise", () => {
    expect(xsrfCookieName("https:")).toBe("__Host-XSRF-TOKEN");
    expect(xsrfCookieName("http:")).toBe("XSRF-TOKEN");
    expect(xsrfCookieName(undefined)).toBe("XSRF-TOKEN");
  });

  it("words each code from the app's table, the gateway's words only where they carry its figures", async () => {
    const answer = (code: string, message: string) =>
      apiServer.use(route.all("/api/*", () => HttpResponse.json({ error: { code, message } }, { status: 409 })));
    answer("cart_empty", "Traceback (most recent call last): ...");
    expect(errorMessage(await api.get("/checkout/quote").catch((e: unknown) => e), "fallback")).toBe(
      "Your cart is empty. Add something to check out.",
    );
    answer("out_of_stock", "Only 3 of Kavach Switch available; you asked for 5.");
    expect(errorMessage(await api.get("/checkout/quote").catch((e: unknown) => e), "fallback")).toBe(
      "Only 3 of Kavach Switch available; you asked for 5.",
    );
    answer("out_of_stock", "");
    expect(errorMessage(await api.get("/checkout/quote").catch((e: unknown) => e), "fallback")).toBe(
      "Some items are not in stock in the quantity you chose. Please lower the quantity.",
    );
  });

  it("words the error in the page's language when it is shown; in Hindi without the gateway's English", async () => {
    apiServer.use(
      route.all("/api/*", () =>
        HttpResponse.json({ error: { code: "out_of_stock", message: "Only 3 of Kavach Switch available; you asked for 5." } }, { status: 409 }),
      ),
    );
    const failed = await api.get("/checkout/quote").catch((e: unknown) => e);
    try {
      await activateLocale("hi");
      expect(errorMessage(failed, "fallback")).toBe("कुछ सामान आपकी चुनी गई मात्रा में स्टॉक में नहीं है। कृपया मात्रा कम करें।");
    } finally {
      await activateLocale("en");
    }
    expect(errorMessage(failed, "fallback")).toBe("Only 3 of Kavach Switch available; you asked for 5.");
  });

  it("turns an error answer into the app's words, code and status", async () => {
    answering(422);
    const failed = await api.get("/portal/repayment").catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(errorMessage(failed, "fallback")).toBe("fallback"); // code "x" is not the gateway's: never raw text
    expect(errorCode(failed)).toBe("x");
    expect(errorStatus(failed)).toBe(422);
    apiServer.use(route.get("/api/session", () => HttpResponse.error()));
    const unreachable = await api.get("/session").catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(ApiError);
    expect(errorMessage(unreachable, "fallback")).toBe("fallback");
    expect(errorStatus(unreachable)).toBeUndefined();
  });
});
