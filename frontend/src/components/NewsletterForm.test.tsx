// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../testing/api-server";
import { renderWithQueries } from "../testing/render-app";
import { NewsletterForm } from "./NewsletterForm";

function subscribeWith(email: string) {
  fireEvent.change(screen.getByLabelText("Email address"), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
}

describe("the newsletter form", () => {
  it("shows Loading..., then thanks and clears the field; the gateway got the address", async () => {
    const sent: unknown[] = [];
    apiServer.use(
      http.post("/api/site/newsletter", async ({ request }) => {
        sent.push(await request.json());
        await delay(30);
        return HttpResponse.json({ message: "Subscribed" });
      }),
    );
    renderWithQueries(<NewsletterForm />);
    subscribeWith("asha@shop.example");
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect(await screen.findByText("Thank you for subscribing!")).toBeTruthy();
    expect((screen.getByLabelText("Email address") as HTMLInputElement).value).toBe("");
    expect(sent).toEqual([{ email: "asha@shop.example" }]);
  });

  it("says it failed, keeps what was typed, and a second try can succeed", async () => {
    let calls = 0;
    apiServer.use(
      http.post("/api/site/newsletter", () =>
        ++calls === 1 ? HttpResponse.json({ error: { code: "x", message: "m" } }, { status: 503 }) : HttpResponse.json({ message: "ok" }),
      ),
    );
    renderWithQueries(<NewsletterForm />);
    subscribeWith("asha@shop.example");
    expect(await screen.findByText("Failed to subscribe. Please try again later.")).toBeTruthy();
    expect((screen.getByLabelText("Email address") as HTMLInputElement).value).toBe("asha@shop.example");
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Thank you for subscribing!")).toBeTruthy();
    expect(screen.queryByText("Failed to subscribe. Please try again later.")).toBeNull();
  });
});
