/**
 * "Log in as": the tester's new tab walks the app's real login, as a person would. The console
 * types the number on the login page, waits for the page to ask for the code, reads that code
 * from the mocks' SMS outbox and types it: the gateway sees an ordinary login, nothing else.
 */
import { codeWaiting, type Person } from "../api/mocks";

/* eslint-disable lingui/no-unlocalized-strings -- routes and selectors, not words */
const LOGIN_PATH: Record<Person["app"], string> = { portal: "/paynow", store: "/login" };
const MOBILE_INPUT = 'input[autocomplete="tel-national"]';
const CODE_INPUT = 'input[autocomplete="one-time-code"]';
const NEW_TAB = "_blank";
/** The key React gives a DOM element it has hydrated (its props). */
const REACT_PROPS = "__reactProps$";
/* eslint-enable lingui/no-unlocalized-strings */

/** How long a step of the login may take in the other tab (its page loading, the code arriving). */
const STEP_WAIT_MS = 20_000;
const POLL_MS = 100;

/** A login the console could not walk: the tab was blocked, or a step did not happen in time. */
export class LoginDidNotFinish extends Error {}

async function until<T>(find: () => T | null | undefined | Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + STEP_WAIT_MS;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new LoginDidNotFinish();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Type into an input of the other tab: React keeps its own copy of an input's value, so the
 * value goes through the element's native setter and React is told by an input event. */
function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, "value")?.set;
  setter?.call(input, value);
  const View = input.ownerDocument.defaultView ?? window;
  input.dispatchEvent(new View.Event("input", { bubbles: true }));
}

/** The input once React runs it: pages arrive pre-rendered, and a form submitted before React
 * attaches its handlers would be sent by the browser itself, past the app's login. */
function field(tab: Window, selector: string): HTMLInputElement | null {
  try {
    const input = tab.document.querySelector<HTMLInputElement>(selector);
    return input && Object.keys(input).some((key) => key.startsWith(REACT_PROPS)) ? input : null;
  } catch {
    return null; // between pages the tab's document may not be readable yet
  }
}

/** Opens the person's login page in a new tab at once (a click's popup must not wait), then logs
 * in there; rejects when the tab was blocked or a step did not happen in time. */
export async function logInAs(person: Person): Promise<void> {
  const tab = window.open(LOGIN_PATH[person.app], NEW_TAB);
  if (tab === null) throw new LoginDidNotFinish();
  const mobile = await until(() => field(tab, MOBILE_INPUT));
  typeInto(mobile, person.mobileNumber);
  mobile.form?.requestSubmit();
  const code = await until(() => field(tab, CODE_INPUT));
  // The page asks for the code once the gateway has sent it: the outbox holds it by now.
  const sent = await until(() => codeWaiting(person.mobileNumber));
  typeInto(code, sent.otp);
  code.form?.requestSubmit();
}
