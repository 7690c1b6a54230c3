import { useLingui } from "@lingui/react/macro";
import { useHold } from "../api/mocks";
import { inIndia } from "./when";

/**
 * Why this tester may not change the shared world now (another tester holds it), or null when
 * they may: the mocks answer 409 to their world-changing controls meanwhile (upstream_mocks/hold.py).
 */
export function useWorldLock(): string | null {
  const { t } = useLingui();
  const hold = useHold().data;
  if (!hold?.held || hold.yours || !hold.holder) return null;
  const holder = hold.holder;
  const until = hold.until ? inIndia(hold.until) : "";
  return t`${holder} holds the shared mocks until ${until} (India time): only they can change the world until they release it or the hold lapses.`;
}

/** The reason a panel's controls are off, said once above them. */
export function HeldNote({ reason }: { reason: string | null }) {
  return reason ? <p className="alert alert-warning">{reason}</p> : null;
}
