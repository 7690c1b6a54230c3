import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { useSubscribeNewsletter } from "../api/subscribe-newsletter";
import { enableWhenHydrated } from "../lib/until-hydrated";

/** Footer newsletter: 'Loading...', then thanks (email cleared) or the failure message. */
export function NewsletterForm() {
  const { t } = useLingui();
  const [email, setEmail] = useState("");
  const subscription = useSubscribeNewsletter({ onSuccess: () => setEmail("") });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscription.mutate({ email });
  };

  return (
    <form onSubmit={submit} className="newsletter" aria-label={t`Newsletter`} ref={enableWhenHydrated}>
      <label htmlFor="newsletter-email" className="visually-hidden">
        <Trans>Email address</Trans>
      </label>
      <input
        id="newsletter-email"
        type="email"
        required
        placeholder={t`Your email address`}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
      />
      {/* The specification keeps the button enabled while loading. */}
      <button type="submit" className="btn btn-accent">
        <Trans>Subscribe</Trans>
      </button>
      <p className="newsletter-status" aria-live="polite">
        {subscription.isPending && <Trans>Loading...</Trans>}
        {subscription.isSuccess && <Trans>Thank you for subscribing!</Trans>}
        {subscription.isError && (
          <span className="form-error">
            <Trans>Failed to subscribe. Please try again later.</Trans>
          </span>
        )}
      </p>
    </form>
  );
}
