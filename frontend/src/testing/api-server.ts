/**
 * The gateway's /api as the component tests see it: an MSW server in the test process that
 * answers the app's real calls (axios included) with what each test says. Every test file
 * starts with no handlers; a call nobody answers fails the test rather than reaching a network.
 */
import { setupServer } from "msw/node";

export const apiServer = setupServer();
