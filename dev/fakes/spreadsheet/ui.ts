// Defines the fake Ui (menus, sidebars, dialogs, alerts, prompts) and the records tests read of what it showed.

export const Button = { CLOSE: "CLOSE", OK: "OK", CANCEL: "CANCEL", YES: "YES", NO: "NO" } as const;
export type ButtonName = (typeof Button)[keyof typeof Button];
export const ButtonSet = { OK: "OK", OK_CANCEL: "OK_CANCEL", YES_NO: "YES_NO", YES_NO_CANCEL: "YES_NO_CANCEL" } as const;
export type ButtonSetName = (typeof ButtonSet)[keyof typeof ButtonSet];

export type MenuItemRecord =
  | { kind: "item"; caption: string; functionName: string }
  | { kind: "separator" }
  | { kind: "submenu"; menu: MenuRecord };

export interface MenuRecord {
  /** The menu's caption; null for the add-on menu, which Sheets names after the add-on. */
  caption: string | null;
  addon: boolean;
  items: MenuItemRecord[];
}

export interface ShownHtml {
  kind: "sidebar" | "modal" | "modeless";
  /** The dialog's title argument, or the HtmlOutput's own title for a sidebar. */
  title: string | null;
  /** The HtmlOutput's content when it offers getContent(), else "". */
  html: string;
  output: unknown;
}

export interface AlertRecord {
  title: string | null;
  prompt: string;
  buttons: ButtonSetName;
  response: ButtonName;
}

export interface PromptRecord extends AlertRecord {
  responseText: string;
}

export interface ToastRecord {
  message: string;
  title: string;
  timeoutSeconds: number;
}

/** Everything the Ui showed, in order, plus the answers a test queued for alerts and prompts. */
export class UiRecorder {
  readonly menus: MenuRecord[] = [];
  readonly shown: ShownHtml[] = [];
  readonly alerts: AlertRecord[] = [];
  readonly prompts: PromptRecord[] = [];
  readonly toasts: ToastRecord[] = [];
  readonly alertAnswers: ButtonName[] = [];
  readonly promptAnswers: { button: ButtonName; text: string }[] = [];

  get sidebars(): ShownHtml[] {
    return this.shown.filter((s) => s.kind === "sidebar");
  }

  get dialogs(): ShownHtml[] {
    return this.shown.filter((s) => s.kind !== "sidebar");
  }
}

function callString(target: unknown, method: string): string | null {
  if (typeof target !== "object" || target === null) return null;
  const fn: unknown = (target as Record<string, unknown>)[method];
  if (typeof fn !== "function") return null;
  const result: unknown = (fn as () => unknown).call(target);
  return typeof result === "string" ? result : null;
}

/** The first button of a set: what a user who just presses Enter answers. */
function defaultAnswer(buttons: ButtonSetName): ButtonName {
  return buttons === ButtonSet.YES_NO || buttons === ButtonSet.YES_NO_CANCEL ? Button.YES : Button.OK;
}

function isButtonSet(value: unknown): value is ButtonSetName {
  return typeof value === "string" && Object.values(ButtonSet).includes(value as ButtonSetName);
}

export class FakeMenu {
  private readonly record: MenuRecord;

  constructor(
    caption: string | null,
    private readonly recorder: UiRecorder,
  ) {
    this.record = { caption, addon: caption === null, items: [] };
  }

  addItem(caption: string, functionName: string): FakeMenu {
    this.record.items.push({ kind: "item", caption: String(caption), functionName: String(functionName) });
    return this;
  }

  addSeparator(): FakeMenu {
    this.record.items.push({ kind: "separator" });
    return this;
  }

  addSubMenu(menu: FakeMenu): FakeMenu {
    this.record.items.push({ kind: "submenu", menu: menu.snapshot() });
    return this;
  }

  addToUi(): void {
    this.recorder.menus.push(this.snapshot());
  }

  snapshot(): MenuRecord {
    return structuredClone(this.record);
  }
}

type DialogArgs = [string] | [string, ButtonSetName] | [string, string, ButtonSetName];

export class FakeUi {
  readonly Button = Button;
  readonly ButtonSet = ButtonSet;

  constructor(private readonly recorder: UiRecorder) {}

  createMenu(caption: string): FakeMenu {
    return new FakeMenu(String(caption), this.recorder);
  }

  createAddonMenu(): FakeMenu {
    return new FakeMenu(null, this.recorder);
  }

  showSidebar(output: unknown): void {
    this.recorder.shown.push({
      kind: "sidebar",
      title: callString(output, "getTitle"),
      html: callString(output, "getContent") ?? "",
      output,
    });
  }

  showModalDialog(output: unknown, title: string): void {
    this.recorder.shown.push({ kind: "modal", title, html: callString(output, "getContent") ?? "", output });
  }

  showModelessDialog(output: unknown, title: string): void {
    this.recorder.shown.push({ kind: "modeless", title, html: callString(output, "getContent") ?? "", output });
  }

  alert(...args: DialogArgs): ButtonName {
    const { title, prompt, buttons } = dialogArgs(args);
    const response = this.recorder.alertAnswers.shift() ?? defaultAnswer(buttons);
    this.recorder.alerts.push({ title, prompt, buttons, response });
    return response;
  }

  prompt(...args: DialogArgs): { getResponseText(): string; getSelectedButton(): ButtonName } {
    const { title, prompt, buttons } = dialogArgs(args);
    const answer = this.recorder.promptAnswers.shift() ?? { button: defaultAnswer(buttons), text: "" };
    this.recorder.prompts.push({ title, prompt, buttons, response: answer.button, responseText: answer.text });
    return { getResponseText: () => answer.text, getSelectedButton: () => answer.button };
  }
}

function dialogArgs(args: DialogArgs): { title: string | null; prompt: string; buttons: ButtonSetName } {
  if (args.length === 3) return { title: args[0], prompt: args[1], buttons: args[2] };
  if (args.length === 2 && isButtonSet(args[1])) return { title: null, prompt: args[0], buttons: args[1] };
  return { title: null, prompt: String(args[0]), buttons: ButtonSet.OK };
}
