// This file defines the sidebar's one message, in the flow under the account line (it never covers a control): status or alert, shown
// whole, replaced by the next action's and dismissable, gone once its cause is. `act` runs one user action: busy button, one call at a
// time per button, its outcome said in words.
import { append, byId, h, on, replaceChildren } from "./dom";

/** A button offered with a message ("Show its sheet" beside "Already running: …"). */
interface MessageAction {
  label: string;
  run(): void;
}

/** What an action says when it is done: words, maybe follow-up buttons, maybe when it stops being true. */
export interface Outcome {
  text: string;
  actions?: MessageAction[];
  /** Asked whenever the sidebar learns something new (recheck): false takes the message away. */
  stillTrue?: () => boolean;
}

/** "Bakery (2)" → ["Bakery", " (2)"]: the suffix Sheets-like names use to tell copies apart. */
function splitCopySuffix(name: string): [string, string] {
  const match = / \(\d+\)$/.exec(name);
  return match ? [name.slice(0, match.index), match[0]] : [name, ""];
}

/** Text with every “quoted name” as a clipped span whose tooltip holds the whole name. */
function withClippedNames(parent: HTMLElement, text: string): void {
  replaceChildren(parent);
  const quoted = /“([^”]*)”/g;
  let from = 0;
  for (let match = quoted.exec(text); match; match = quoted.exec(text)) {
    const name = match[1] ?? "";
    const [base, suffix] = splitCopySuffix(name);
    // The quotes and the suffix stay on the name's line: the name alone gives way.
    append(
      parent,
      text.slice(from, match.index),
      h("span", { class: "quoted" }, "“", h("span", { class: "name", title: name }, base), suffix, "”"),
    );
    from = match.index + match[0].length;
  }
  append(parent, text.slice(from));
}

type Work = () => Promise<string | Outcome | undefined>;

export class Messages {
  private readonly box = byId("messages", HTMLElement);
  private readonly status = byId("status", HTMLElement);
  private readonly alert = byId("alert", HTMLElement);
  private readonly actions = byId("message-actions", HTMLElement);
  private stillTrue: (() => boolean) | null = null;
  /** Watches the refused button whose reason is shown: the message goes with the reason. */
  private readonly refusal = new MutationObserver(() => this.recheck());

  constructor() {
    on(byId("dismiss-message", HTMLButtonElement), "click", () => this.clear());
  }

  /** Information or progress; replaces whatever was shown. An empty text clears the message. */
  say(text: string, actions: MessageAction[] = [], stillTrue?: () => boolean): void {
    this.show(text, false, actions, stillTrue);
  }

  fail(error: unknown, stillTrue?: () => boolean): void {
    this.show(error instanceof Error ? error.message : String(error), true, [], stillTrue);
  }

  clear(): void {
    this.show("", false, []);
  }

  /** Takes the message away when what it says is no longer true. */
  recheck(): void {
    if (this.stillTrue && !this.stillTrue()) this.clear();
  }

  private show(text: string, failed: boolean, actions: MessageAction[], stillTrue?: () => boolean): void {
    this.refusal.disconnect();
    this.stillTrue = text ? (stillTrue ?? null) : null;
    withClippedNames(this.status, failed ? "" : text);
    withClippedNames(this.alert, failed ? text : "");
    this.alert.hidden = !failed || !text;
    replaceChildren(
      this.actions,
      ...actions.map((action) =>
        on(h("button", { class: "link" }, action.label), "click", () => {
          this.clear();
          action.run();
        }),
      ),
    );
    this.actions.hidden = actions.length === 0;
    this.box.hidden = !text;
    this.box.classList.toggle("failed", failed);
  }

  /**
   * Runs `work` for a button press: a refused button (aria-disabled) says why instead, until the
   * reason changes; a busy one ignores the press; failures become the message. Resolves to whether
   * the work succeeded.
   */
  async act(button: HTMLButtonElement, busyText: string, work: Work): Promise<boolean> {
    const reason = button.dataset.reason;
    if (reason) {
      this.fail(new Error(reason), () => button.dataset.reason === reason);
      this.refusal.observe(button, { attributes: true, attributeFilter: ["data-reason"] });
      return false;
    }
    if (button.getAttribute("aria-busy") === "true") return false;
    button.setAttribute("aria-busy", "true");
    this.say(busyText);
    try {
      const done = await work();
      if (typeof done === "object") this.say(done.text, done.actions, done.stillTrue);
      else this.say(done ?? "");
      return true;
    } catch (error) {
      this.fail(error);
      return false;
    } finally {
      button.removeAttribute("aria-busy");
    }
  }

  /** `button`'s presses run `work` (act); returns the button. */
  press(button: HTMLButtonElement, busyText: string, work: Work): HTMLButtonElement {
    return on(button, "click", () => void this.act(button, busyText, work));
  }

  /** A message's button that runs `work` for `button` (act), as if `button` were pressed. */
  action(label: string, button: HTMLButtonElement, busyText: string, work: Work): MessageAction {
    return { label, run: () => void this.act(button, busyText, work) };
  }
}
