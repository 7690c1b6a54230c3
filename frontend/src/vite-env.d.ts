/// <reference types="vite/client" />

declare module "*.md?raw" {
  const content: string;
  export default content;
}

declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
