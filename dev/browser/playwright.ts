// This file declares the part of playwright-core's API the browser tests and the bench use, so
// they type-check (and skip with a reason) on a machine where playwright-core is not installed yet.
// Functions evaluated in the page are passed as strings: this Node code has no DOM types.

export interface RoleOptions {
  name?: string | RegExp;
  exact?: boolean;
}

export interface Locator {
  click(options?: { modifiers?: Array<"Shift" | "Control">; button?: "left" | "right"; timeout?: number }): Promise<void>;
  fill(value: string): Promise<void>;
  press(key: string): Promise<void>;
  pressSequentially(text: string, options?: { delay?: number }): Promise<void>;
  focus(): Promise<void>;
  check(): Promise<void>;
  selectOption(value: string): Promise<string[]>;
  hover(): Promise<void>;
  inputValue(): Promise<string>;
  textContent(): Promise<string | null>;
  innerText(): Promise<string>;
  innerHTML(): Promise<string>;
  getAttribute(name: string): Promise<string | null>;
  isVisible(): Promise<boolean>;
  isDisabled(): Promise<boolean>;
  isChecked(): Promise<boolean>;
  count(): Promise<number>;
  allInnerTexts(): Promise<string[]>;
  allTextContents(): Promise<string[]>;
  boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null>;
  scrollIntoViewIfNeeded(): Promise<void>;
  /** Runs `fn` in the page with the element (typed loosely: this file has no DOM types). */
  evaluate<R>(fn: (element: { ownerDocument: { activeElement: unknown } }) => R): Promise<R>;
  waitFor(options?: { state?: "attached" | "detached" | "visible" | "hidden"; timeout?: number }): Promise<void>;
  screenshot(options: { path: string }): Promise<Buffer>;
  first(): Locator;
  last(): Locator;
  nth(index: number): Locator;
  filter(options: { hasText?: string | RegExp; has?: Locator }): Locator;
  locator(selector: string): Locator;
  getByRole(role: string, options?: RoleOptions): Locator;
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator;
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): Locator;
}

export interface FrameLocator {
  locator(selector: string): Locator;
  getByRole(role: string, options?: RoleOptions): Locator;
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator;
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): Locator;
  owner(): Locator;
}

export interface Dialog {
  message(): string;
  dismiss(): Promise<void>;
}

/** Playwright's fake clock of a page's context (all its frames): Date and the timers. */
export interface Clock {
  install(options?: { time?: number }): Promise<void>;
  /** Jumps forward, firing the timers that fall due (each at most once). */
  fastForward(ms: number): Promise<void>;
  /** Runs forward, firing every timer on the way. */
  runFor(ms: number): Promise<void>;
  pauseAt(time: number): Promise<void>;
}

export interface Response {
  url(): string;
  request(): { postData(): string | null };
}

/** A request a page sent (only its identity is used: which ones are still in flight). */
export interface Request {
  url(): string;
}

export interface Download {
  suggestedFilename(): string;
  /** Copies the file where the test reads it (path() is refused when the browser is a shared one). */
  saveAs(path: string): Promise<void>;
}

export interface Page {
  clock: Clock;
  waitForResponse(predicate: (response: Response) => boolean, options?: { timeout?: number }): Promise<Response>;
  goto(url: string, options?: { waitUntil?: "load" | "domcontentloaded" | "networkidle" }): Promise<unknown>;
  setContent(html: string): Promise<void>;
  locator(selector: string): Locator;
  getByRole(role: string, options?: RoleOptions): Locator;
  getByText(text: string | RegExp, options?: { exact?: boolean }): Locator;
  getByLabel(text: string | RegExp, options?: { exact?: boolean }): Locator;
  frameLocator(selector: string): FrameLocator;
  keyboard: {
    press(key: string): Promise<void>;
    type(text: string): Promise<void>;
    down(key: string): Promise<void>;
    up(key: string): Promise<void>;
  };
  mouse: {
    down(): Promise<void>;
    up(): Promise<void>;
    move(x: number, y: number): Promise<void>;
    wheel(deltaX: number, deltaY: number): Promise<void>;
  };
  /** `omitBackground`: a page without a background colour is transparent in the PNG (the kit's icons). */
  screenshot(options: {
    path?: string;
    fullPage?: boolean;
    omitBackground?: boolean;
    clip?: { x: number; y: number; width: number; height: number };
  }): Promise<Buffer>;
  on(event: "dialog", listener: (dialog: Dialog) => void): void;
  on(event: "pageerror", listener: (error: Error) => void): void;
  on(event: "close", listener: () => void): void;
  on(event: "request" | "requestfinished" | "requestfailed", listener: (request: Request) => void): void;
  evaluate<R>(expression: string): Promise<R>;
  /** A script added to the page (axe-core in the accessibility checks). */
  addScriptTag(options: { content: string }): Promise<unknown>;
  waitForEvent(event: "download"): Promise<Download>;
  waitForFunction(expression: string, arg?: unknown, options?: { timeout?: number; polling?: number }): Promise<unknown>;
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserContext {
  newPage(): Promise<Page>;
  /** How long (real ms) an action or a wait of its pages may take before it fails; 0: no limit. */
  setDefaultTimeout(timeout: number): void;
  close(): Promise<void>;
}

export interface Browser {
  /** `timezoneId`: the browser's own time zone (default the machine's). */
  newContext(options?: { viewport?: { width: number; height: number }; timezoneId?: string }): Promise<BrowserContext>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  executablePath: string;
  headless: boolean;
  args: string[];
  ignoreDefaultArgs?: string[];
}

/** A browser started for other processes to connect to (the test run's shared browser). */
export interface BrowserServer {
  wsEndpoint(): string;
  close(): Promise<void>;
}

export interface PlaywrightCore {
  chromium: {
    launch(options: LaunchOptions): Promise<Browser>;
    launchServer(options: LaunchOptions): Promise<BrowserServer>;
    connect(wsEndpoint: string): Promise<Browser>;
  };
}
