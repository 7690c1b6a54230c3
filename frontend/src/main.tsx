import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import "./styles/global.css";
import { loadConfig } from "./lib/config";
import { AppProviders } from "./app/providers";
import { createAppRouter } from "./app/router";

const Toasts = lazy(() => import("./app/Toasts"));
const root = createRoot(document.getElementById("root")!);

loadConfig()
  .then((config) => {
    document.title = `${config.productName} | Buy electrical goods on credit`;
    const router = createAppRouter(config);
    const navigate = (path: string) => void router.navigate(path, { replace: true });
    root.render(
      <StrictMode>
        <AppProviders config={config} navigate={navigate}>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        </AppProviders>
      </StrictMode>,
    );
  })
  .catch(() => {
    root.render(
      <main className="container page-narrow" role="alert">
        <h1>We could not load the app</h1>
        <p>Please check your connection and reload the page.</p>
      </main>,
    );
  });
