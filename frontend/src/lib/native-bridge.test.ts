// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { inWebView, parseInbound, postToNative, trustedOrigin } from "./native-bridge";

describe("parseInbound", () => {
  it("reads the login hand-over as a JSON string or an object", () => {
    const expected = { type: "userDataFromNative", data: { userId: "42", token: "t-1", verified: true } };
    expect(parseInbound(JSON.stringify({ type: "userDataFromNative", data: { userId: "42", token: "t-1", verified: true } }))).toEqual(expected);
    expect(parseInbound({ type: "userDataFromNative", data: { userId: 42, token: "t-1", verified: "true" } })).toEqual(expected);
  });

  it("reads the hand-over's fields at the top level too", () => {
    expect(parseInbound({ type: "userDataFromNative", userId: "7", token: "t", verified: false })).toEqual({
      type: "userDataFromNative",
      data: { userId: "7", token: "t", verified: false },
    });
  });

  it("refuses a hand-over without a token or user", () => {
    expect(parseInbound({ type: "userDataFromNative", data: { userId: "7", token: "" } })).toBeNull();
    expect(parseInbound({ type: "userDataFromNative", data: { token: "t" } })).toBeNull();
  });

  it("reads an item to add by productId or id", () => {
    expect(parseInbound({ type: "addToCart", item: { productId: 3 } })).toEqual({
      type: "addToCart",
      item: { productId: 3, productName: undefined },
    });
    expect(parseInbound('{"type":"addToCart","data":{"id":"5","productName":"Switch"}}')).toEqual({
      type: "addToCart",
      item: { productId: 5, productName: "Switch" },
    });
  });

  it("ignores bad ids, other messages and text that is not JSON", () => {
    expect(parseInbound({ type: "addToCart", item: { productId: 0 } })).toBeNull();
    expect(parseInbound({ type: "addToCart", item: { productId: 1.5 } })).toBeNull();
    expect(parseInbound({ type: "somethingElse" })).toBeNull();
    expect(parseInbound("not json")).toBeNull();
    expect(parseInbound(null)).toBeNull();
    expect(parseInbound(17)).toBeNull();
  });
});

describe("trustedOrigin", () => {
  it("trusts the web view host (no origin) and this page only", () => {
    expect(trustedOrigin("")).toBe(true);
    expect(trustedOrigin(window.location.origin)).toBe(true);
    expect(trustedOrigin("https://evil.example")).toBe(false);
    expect(trustedOrigin("null")).toBe(false);
  });
});

describe("postToNative", () => {
  afterEach(() => {
    delete window.ReactNativeWebView;
  });

  it("does nothing in a plain browser", () => {
    expect(inWebView()).toBe(false);
    expect(postToNative({ type: "ADD_TO_CART" })).toBe(false);
  });

  it("sends a JSON string to the web view host", () => {
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    expect(postToNative({ type: "ADD_TO_CART", item: { productId: 3 } })).toBe(true);
    expect(postMessage).toHaveBeenCalledWith('{"type":"ADD_TO_CART","item":{"productId":3}}');
  });
});
