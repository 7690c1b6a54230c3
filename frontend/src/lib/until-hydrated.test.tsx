// @vitest-environment jsdom
import { act, lazy, Suspense, useState, type ComponentType } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enableWhenHydrated, markUntilHydrated } from "./until-hydrated";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Search() {
  const [text, setText] = useState("");
  return (
    <div ref={enableWhenHydrated}>
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" disabled>
        Busy
      </button>
    </div>
  );
}

function Newsletter() {
  return (
    <form ref={enableWhenHydrated}>
      <input aria-label="Email" type="email" />
      <button type="submit">Subscribe</button>
    </form>
  );
}

/** A page whose second form arrives in its own chunk, as the footer does. */
function Page({ Later }: { Later: ComponentType }) {
  return (
    <>
      <Search />
      <Suspense fallback={null}>
        <Later />
      </Suspense>
    </>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

const control = (name: string) => document.querySelector<HTMLInputElement>(`[aria-label="${name}"]`)!;
const button = (text: string) => [...document.querySelectorAll("button")].find((b) => b.textContent === text)!;
const disabled = (element: HTMLInputElement | HTMLButtonElement) => element.disabled;

describe("markUntilHydrated", () => {
  it("disables and marks each control, leaving those disabled already as they are", () => {
    expect(markUntilHydrated('<input id="a"/><button type="submit">Go</button><select></select><textarea></textarea>')).toBe(
      '<input disabled="" data-until-hydrated="" id="a"/><button disabled="" data-until-hydrated="" type="submit">Go</button>' +
        '<select disabled="" data-until-hydrated=""></select><textarea disabled="" data-until-hydrated=""></textarea>',
    );
    expect(markUntilHydrated('<button type="button" disabled="">Busy</button>')).toBe('<button type="button" disabled="">Busy</button>');
  });
});

describe("enableWhenHydrated", () => {
  it("enables a component's controls when that component hydrates, a lazy part's only with its own code", async () => {
    // React's development build lists the attributes the client did not render (`disabled`, the
    // mark); the production build the pages run does not compare attributes. Anything else fails.
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const container = document.createElement("div");
    container.innerHTML = markUntilHydrated(renderToString(<Page Later={Newsletter} />));
    document.body.append(container);
    expect(disabled(control("Search"))).toBe(true);
    expect(disabled(control("Email"))).toBe(true);

    let arrive: (module: { default: ComponentType }) => void = () => undefined;
    const Later = lazy(() => new Promise<{ default: ComponentType }>((resolve) => (arrive = resolve)));
    await act(async () => {
      root = hydrateRoot(container, <Page Later={Later} />);
    });
    // The page hydrated: its own field is live; the busy button React renders disabled stays so.
    expect(disabled(control("Search"))).toBe(false);
    expect(control("Search").hasAttribute("data-until-hydrated")).toBe(false);
    expect(disabled(button("Busy"))).toBe(true);
    // The lazy part's code has not arrived: its HTML stays, disabled, rather than taking input React would lose.
    expect(disabled(control("Email"))).toBe(true);
    expect(disabled(button("Subscribe"))).toBe(true);

    await act(async () => arrive({ default: Newsletter }));
    expect(disabled(control("Email"))).toBe(false);
    expect(disabled(button("Subscribe"))).toBe(false);
    expect(container.querySelectorAll("[data-until-hydrated]")).toHaveLength(0);
    for (const [message] of errors.mock.calls) expect(String(message)).toContain("didn't match the client properties");
  });

  it("does nothing on a page rendered in the browser", async () => {
    const container = document.createElement("div");
    document.body.append(container);
    const { createRoot } = await import("react-dom/client");
    await act(async () => {
      root = createRoot(container);
      root.render(<Search />);
    });
    expect(disabled(control("Search"))).toBe(false);
    expect(disabled(button("Busy"))).toBe(true);
  });
});
