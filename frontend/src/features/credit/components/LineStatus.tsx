import { Trans } from "@lingui/react/macro";
import { calendarDay } from "../../../lib/dates";
import type { CreditLine } from "../api/list-lines";

/** Where the line stands: in its cooling-off period (until when), open, left or closed (when). */
export function LineStatus({ line }: { line: CreditLine }) {
  switch (line.status) {
    case "coolingOff":
      return (
        <p>
          <Trans>In its cooling-off period until {calendarDay(line.coolingOffEndsOn)}: you may leave without any penalty.</Trans>
        </p>
      );
    case "active":
      return (
        <p>
          <Trans>Open</Trans>
        </p>
      );
    case "exited":
      return (
        <p>
          <Trans>Left in the cooling-off period on {calendarDay(line.endedOn ?? line.asOf)}. Nothing is owed.</Trans>
        </p>
      );
    case "closed":
      return (
        <p>
          <Trans>Closed on {calendarDay(line.endedOn ?? line.asOf)}. Nothing is owed.</Trans>
        </p>
      );
  }
}
