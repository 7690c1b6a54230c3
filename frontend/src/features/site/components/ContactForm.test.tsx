// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiServer } from "../../../testing/api-server";
import { renderWithQueries } from "../../../testing/render-app";
import { ContactForm } from "./ContactForm";

function fillAndSend() {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Asha Verma" } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "asha@shop.example" } });
  fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "9876543210" } });
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Do you deliver to Pune?" } });
  fireEvent.click(screen.getByRole("button", { name: "Send message" }));
}

describe("the contact form (useSupportForm)", () => {
  it("shows Sending... on a disabled button, then the success and an empty form", async () => {
    apiServer.use(
      http.post("/api/site/contact", async () => {
        await delay(30);
        return HttpResponse.json({ message: "Mail sent successfully!" });
      }),
    );
    renderWithQueries(<ContactForm />);
    fillAndSend();
    const button = await screen.findByRole("button", { name: "Sending..." });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText("Mail sent successfully!")).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the gateway's words for a refused field, the specification's for a failure", async () => {
    apiServer.use(
      http.post("/api/site/contact", () =>
        HttpResponse.json({ error: { code: "invalid_request", message: "Please enter a valid email.", field: "email" } }, { status: 422 }),
      ),
    );
    renderWithQueries(<ContactForm />);
    fillAndSend();
    expect(await screen.findByText("Please enter a valid email.")).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Asha Verma");
    apiServer.use(http.post("/api/site/contact", () => HttpResponse.json({ error: { code: "x", message: "upstream said" } }, { status: 503 })));
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Failed to send message. Please try again later.")).toBeTruthy();
    expect(screen.queryByText("upstream said")).toBeNull();
  });
});
