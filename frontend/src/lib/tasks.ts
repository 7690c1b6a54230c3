/**
 * Resolves in a task of its own (a zero-delay timer). On a slow phone the app's start is many
 * small pieces of work; run back to back they make one long task that blocks taps, so the start
 * hands some of them to a task of their own: the router's creation and each route's module
 * (docs/decisions/app-start.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves when the browser is idle (or after `timeoutMs`), for work no one is waiting for: the
 * offline copies' set-up after a page has loaded. A browser without idle callbacks (Safari) gets
 * a task of its own.
 */
export function idleTask(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}

/** Resolves once the page has loaded (at once if it has). */
export function afterLoad(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
}

/** Resolves once the app has taken the page over (<html data-app-live>, app/App.tsx), or after
 * `timeoutMs` (an app that could not start still gets what waits on this). */
export function appLive(timeoutMs = 10_000): Promise<void> {
  const root = document.documentElement;
  if (root.hasAttribute("data-app-live")) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => root.hasAttribute("data-app-live") && done());
    observer.observe(root, { attributes: true, attributeFilter: ["data-app-live"] });
    const timer = window.setTimeout(done, timeoutMs);
  });
}
