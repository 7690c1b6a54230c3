import { Trans, useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** The router's error page: 'Unexpected Application Error!' and the error's message (the
 * browser's or the router's own text, shown as it is: it is what a report quotes). */
export function RouteError() {
  const { t } = useLingui();
  const error = useRouteError();
  let message = t`Something went wrong.`;
  if (isRouteErrorResponse(error)) message = `${error.status} ${error.statusText}`;
  else if (error instanceof Error) message = error.message;
  const chunkFailed = /Loading chunk|dynamically imported module|Importing a module script failed/i.test(message);
  return (
    <main className="container page-narrow" role="alert">
      <h1>
        <Trans>Unexpected Application Error!</Trans>
      </h1>
      <p className="error-detail">{chunkFailed ? t`Loading chunk failed: ${message}` : message}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <Trans>Reload the page</Trans>
        </button>{" "}
        <a className="btn btn-outline" href="/">
          <Trans>Go to the home page</Trans>
        </a>
      </p>
    </main>
  );
}
