import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Scenario } from "../api/mocks";

/** A named fault: the mocks' scenarios (docs/qa.md, "Slow, failing or unreachable upstreams") it sets. */
export interface Fault {
  id: string;
  name: MessageDescriptor;
  what: MessageDescriptor;
  scenarios: Scenario[];
}

/** The faults a tester reaches for, by name. Each is one or more of the mocks' scenarios. */
export function namedFaults(): Fault[] {
  return [
    {
      id: "lender-down",
      name: msg`Lender down`,
      what: msg`Our lender answers every call with 503: the portal, loans and credit say the service is not reachable.`,
      scenarios: [{ mock: "lending", path: "*", status: 503 }],
    },
    {
      id: "fineract-down",
      name: msg`Fineract lender down`,
      what: msg`The Fineract lender answers every call with 503 (Meena's loan, Ramesh's second loan).`,
      scenarios: [{ mock: "fineract", path: "*", status: 503 }],
    },
    {
      id: "lender-slow",
      name: msg`Lender slow`,
      what: msg`Every call to our lender waits 3 seconds: the screens show their loading states.`,
      scenarios: [{ mock: "lending", path: "*", delayMs: 3000 }],
    },
    {
      id: "bank-slow",
      name: msg`Bank slow`,
      what: msg`The payment provider takes 3 seconds over every call.`,
      scenarios: [{ mock: "payments", path: "*", delayMs: 3000 }],
    },
    {
      id: "provider-down",
      name: msg`Payment provider down`,
      what: msg`The payment provider answers every call with 503: no checkout opens.`,
      scenarios: [{ mock: "payments", path: "*", status: 503 }],
    },
    {
      id: "store-down",
      name: msg`Store down`,
      what: msg`The catalogue and the orders service answer every call with 503.`,
      scenarios: [
        { mock: "catalogue", path: "*", status: 503 },
        { mock: "orders", path: "*", status: 503 },
      ],
    },
    {
      id: "mail-down",
      name: msg`Mail and SMS down`,
      what: msg`The mail service answers every call with 503: forms that send mail fail, no SMS leaves.`,
      scenarios: [{ mock: "mail", path: "*", status: 503 }],
    },
    {
      id: "webhooks-lost",
      name: msg`Webhooks lost`,
      what: msg`The payment provider's webhooks never arrive: payments settle from the browser's return or the follow-up.`,
      scenarios: [{ mock: "payments", path: "webhook", webhook: "drop" }],
    },
    {
      id: "webhooks-twice",
      name: msg`Webhooks sent twice`,
      what: msg`Each payment webhook arrives twice: it must be booked once.`,
      scenarios: [{ mock: "payments", path: "webhook", webhook: "duplicate" }],
    },
    {
      id: "refund-on-hold",
      name: msg`Refund on hold`,
      what: msg`The bank holds the next refunds (ONHOLD), then pays them out.`,
      scenarios: [{ mock: "payments", path: "refund", refund: "onHold" }],
    },
    {
      id: "refund-cancelled",
      name: msg`Refund given up`,
      what: msg`The bank gives the next refunds up (CANCELLED); the orders service asks again.`,
      scenarios: [{ mock: "payments", path: "refund", refund: "cancelled" }],
    },
    {
      id: "order-answer-lost",
      name: msg`Order placed, answer lost`,
      what: msg`The next order is placed but its answer fails with 503: placing again must open that order.`,
      scenarios: [{ mock: "orders", path: "electrician/order/place", status: 503, after: true, times: 1 }],
    },
    {
      id: "dropped-connection",
      name: msg`Connection dropped once`,
      what: msg`The next read of the borrower's dues is cut mid-answer; the gateway reads again.`,
      scenarios: [{ mock: "lending", path: "webRepayment/repaymentDetail", drop: true, times: 1 }],
    },
  ];
}

const SHAPE: (keyof Scenario)[] = ["mock", "path", "status", "delayMs", "drop", "after", "webhook", "refund"];

/** Unset, zero and false are one: the mocks answer a scenario with its defaults filled in. */
const plain = (value: unknown) => value || null;

/** Whether `scenario` is set among the mocks' `active` ones (one whose `times` ran out is not). */
export function isSet(scenario: Scenario, active: Scenario[]): boolean {
  return active.some((one) => one.times !== 0 && SHAPE.every((key) => plain(one[key]) === plain(scenario[key])));
}
