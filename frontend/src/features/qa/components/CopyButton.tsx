import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

/** Copies `text` to the clipboard and says so; `label` names what is copied for a screen reader. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline"
      aria-label={t`Copy ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
    </button>
  );
}
