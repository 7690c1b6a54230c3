import { Trans } from "@lingui/react/macro";

/** Full-screen 'Loading...' shown while a call is under way. */
export function LoadingOverlay({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-box">
        <span className="spinner" aria-hidden="true" />
        <span>
          <Trans>Loading...</Trans>
        </span>
      </div>
    </div>
  );
}
