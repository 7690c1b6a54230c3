/**
 * What the service worker's first take-over waits for before the app reads its data again through
 * it (src/lib/offline-visit.ts). The re-read asks for every active read at that moment; one sent
 * while the page is changing what it reads is refused: a logout ending the login (the borrower's
 * repayment, 401), or a credit line just settled (its quote, 409). So it waits for a logout under
 * way (`holdTakeOver`) and then for the page to be idle, its renders after the change done and
 * the reads they turned off no longer active. Loaded only with those two lazy modules.
 */
import { idleTask } from "./tasks";

let held: Promise<unknown> = Promise.resolve();

/** The take-over's re-read waits until `work` has ended, however it ends. */
export function holdTakeOver(work: Promise<unknown>): void {
  held = Promise.all([held, work.catch(() => undefined)]);
}

/** Resolves once every held work has ended and the page is idle after it. */
export async function takeOverMayRead(): Promise<void> {
  let waited: Promise<unknown>;
  do {
    waited = held;
    await waited;
    await idleTask();
  } while (waited !== held); // more was held meanwhile: wait for it too
}
