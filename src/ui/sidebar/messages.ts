// This file defines the sidebar's two message areas (role=status for progress and information,
// role=alert for errors) and `act`, which runs one user action: busy button, one call at a time
// per button, its outcome said in words.
import { byId } from "./dom";

export class Messages {
  private readonly status = byId("status", HTMLElement);
  private readonly alert = byId("alert", HTMLElement);

  say(text: string): void {
    this.status.textContent = text;
  }

  fail(error: unknown): void {
    this.alert.textContent = error instanceof Error ? error.message : String(error);
    this.alert.hidden = false;
  }

  clearAlert(): void {
    this.alert.textContent = "";
    this.alert.hidden = true;
  }

  /**
   * Runs `work` for a button press: a refused button (aria-disabled) says why instead; a busy one
   * ignores the press; failures go to the alert. Resolves to whether the work succeeded.
   */
  async act(button: HTMLButtonElement, busyText: string, work: () => Promise<string | void>): Promise<boolean> {
    if (button.dataset.reason) {
      this.fail(new Error(button.dataset.reason));
      return false;
    }
    if (button.getAttribute("aria-busy") === "true") return false;
    button.setAttribute("aria-busy", "true");
    this.clearAlert();
    this.say(busyText);
    try {
      const done = await work();
      this.say(done ?? "");
      return true;
    } catch (error) {
      this.say("");
      this.fail(error);
      return false;
    } finally {
      button.removeAttribute("aria-busy");
    }
  }
}
