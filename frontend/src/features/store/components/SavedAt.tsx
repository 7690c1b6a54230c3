import { Trans } from "@lingui/react/macro";
import { savedWhen } from "../../../lib/dates";

/** Beside a promise shown offline: when it was read, and that it may no longer hold. */
export function SavedAt({ at }: { at: Date }) {
  const time = savedWhen(at);
  return (
    <span data-testid="saved-at">
      {" "}
      <Trans>(as of {time}; may have changed)</Trans>
    </span>
  );
}
