import { useState, type FormEvent } from "react";
import { api } from "../api/client";
import type { components } from "../api/schema";
import { enableWhenHydrated } from "../lib/until-hydrated";

type NewsletterRequest = components["schemas"]["NewsletterRequest"];

type State = "idle" | "loading" | "success" | "failure";

/** Footer newsletter: 'Loading...', then thanks (email cleared) or the failure message. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>("idle");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState("loading");
    try {
      const body: NewsletterRequest = { email };
      await api.post("/site/newsletter", body);
      setEmail("");
      setState("success");
    } catch {
      setState("failure");
    }
  };

  return (
    <form onSubmit={submit} className="newsletter" aria-label="Newsletter" ref={enableWhenHydrated}>
      <label htmlFor="newsletter-email" className="visually-hidden">
        Email address
      </label>
      <input
        id="newsletter-email"
        type="email"
        required
        placeholder="Your email address"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        autoComplete="email"
      />
      {/* The specification keeps the button enabled while loading. */}
      <button type="submit" className="btn btn-accent">
        Subscribe
      </button>
      <p className="newsletter-status" aria-live="polite">
        {state === "loading" && "Loading..."}
        {state === "success" && "Thank you for subscribing!"}
        {state === "failure" && <span className="form-error">Failed to subscribe. Please try again later.</span>}
      </p>
    </form>
  );
}
