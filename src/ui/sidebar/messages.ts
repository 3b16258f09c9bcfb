// This file defines the sidebar's one message, in the flow under the account line (it pushes the
// page down and never covers a control): progress and information (role=status) or an error
// (role=alert), replaced by the next action's message and dismissable. Names in “quotes” are
// clipped to one line with the whole name in a tooltip. `act` runs one user action: busy button,
// one call at a time per button, its outcome said in words.
import { append, byId, h, replaceChildren } from "./dom";

/** Beyond this many characters a message may be cut short on screen. */
const LONG_MESSAGE = 160;

/** A button offered with a message ("Show sheet" beside "Already running: …"). */
interface MessageAction {
  label: string;
  run(): void;
}

/** What an action says when it is done: words, and maybe a follow-up button. */
export interface Outcome {
  text: string;
  action?: MessageAction;
}

/** Text with every “quoted name” as a clipped span whose tooltip holds the whole name. */
function withClippedNames(parent: HTMLElement, text: string): void {
  replaceChildren(parent);
  const quoted = /“([^”]*)”/g;
  let from = 0;
  for (let match = quoted.exec(text); match; match = quoted.exec(text)) {
    const name = match[1] ?? "";
    append(parent, text.slice(from, match.index), "“", h("span", { class: "name", title: name }, name), "”");
    from = match.index + match[0].length;
  }
  append(parent, text.slice(from));
}

export class Messages {
  private readonly box = byId("messages", HTMLElement);
  private readonly status = byId("status", HTMLElement);
  private readonly alert = byId("alert", HTMLElement);
  private readonly action = byId("message-action", HTMLButtonElement);
  private readonly dismiss = byId("dismiss-message", HTMLButtonElement);
  private onAction: (() => void) | null = null;

  constructor() {
    this.dismiss.addEventListener("click", () => this.clear());
    this.action.addEventListener("click", () => {
      const run = this.onAction;
      this.clear();
      run?.();
    });
  }

  /** Information or progress; replaces whatever was shown. An empty text clears the message. */
  say(text: string, action?: MessageAction): void {
    this.show(text, false, action);
  }

  fail(error: unknown): void {
    this.show(error instanceof Error ? error.message : String(error), true);
  }

  clear(): void {
    this.show("", false);
  }

  private show(text: string, failed: boolean, action?: MessageAction): void {
    withClippedNames(this.status, failed ? "" : text);
    withClippedNames(this.alert, failed ? text : "");
    this.alert.hidden = !failed || !text;
    this.onAction = action?.run ?? null;
    this.action.textContent = action?.label ?? "";
    this.action.hidden = !action;
    this.box.hidden = !text;
    // A long message is cut at four lines (sidebar.css); the whole of it is its tooltip.
    this.box.title = text.length > LONG_MESSAGE ? text : "";
    this.box.classList.toggle("failed", failed);
  }

  /**
   * Runs `work` for a button press: a refused button (aria-disabled) says why instead; a busy one
   * ignores the press; failures become the message. Resolves to whether the work succeeded.
   */
  async act(button: HTMLButtonElement, busyText: string, work: () => Promise<string | Outcome | void>): Promise<boolean> {
    if (button.dataset.reason) {
      this.fail(new Error(button.dataset.reason));
      return false;
    }
    if (button.getAttribute("aria-busy") === "true") return false;
    button.setAttribute("aria-busy", "true");
    this.say(busyText);
    try {
      const done = await work();
      if (typeof done === "object") this.say(done.text, done.action);
      else this.say(done ?? "");
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    } finally {
      button.removeAttribute("aria-busy");
    }
  }
}
