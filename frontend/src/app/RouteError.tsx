import { isRouteErrorResponse, useRouteError } from "react-router";

/** The router's error page: 'Unexpected Application Error!' and the error's message. */
export function RouteError() {
  const error = useRouteError();
  let message = "Something went wrong.";
  if (isRouteErrorResponse(error)) message = `${error.status} ${error.statusText}`;
  else if (error instanceof Error) message = error.message;
  const chunkFailed = /Loading chunk|dynamically imported module|Importing a module script failed/i.test(message);
  return (
    <main className="container page-narrow" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p className="error-detail">{chunkFailed ? `Loading chunk failed: ${message}` : message}</p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>{" "}
        <a className="btn btn-outline" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
