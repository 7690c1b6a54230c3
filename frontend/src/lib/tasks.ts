/**
 * Resolves in a task of its own (a zero-delay timer). On a slow phone the app's start is many
 * small pieces of work; run back to back they make one long task that blocks taps, so the start
 * hands some of them to a task of their own: the router's creation and each route's module
 * (docs/decisions/app-start.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
