// This file defines the HtmlService fake (https://developers.google.com/apps-script/reference/html/html-service):
// HtmlOutput and HtmlTemplate, with files read from the bundle's dist directory the way Apps
// Script reads the project's .html files. Template scriptlets run in the execution's own
// context, as Apps Script runs them in the script's global scope.
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";
import { FakeBlob } from "./blob";
import { makeEnum } from "./enums";
import type { ServiceEnv } from "./env";

export const SandboxMode = makeEnum(["EMULATED", "IFRAME", "NATIVE"] as const);
export const XFrameOptionsMode = makeEnum(["ALLOWALL", "DEFAULT"] as const);

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export class FakeHtmlOutput {
  private title = "";
  private width: number | null = null;
  private height: number | null = null;
  private sandboxMode: unknown = SandboxMode.IFRAME;
  private xFrameOptionsMode: unknown = XFrameOptionsMode.DEFAULT;
  private faviconUrl: string | null = null;
  private readonly metaTags: { name: string; content: string }[] = [];

  constructor(private content = "") {}

  append(html: string): this {
    this.content += String(html);
    return this;
  }
  appendUntrusted(text: string): this {
    this.content += escapeHtml(String(text));
    return this;
  }
  clear(): this {
    this.content = "";
    return this;
  }
  getContent(): string {
    return this.content;
  }
  setContent(html: string): this {
    this.content = String(html);
    return this;
  }
  getTitle(): string {
    return this.title;
  }
  setTitle(title: string): this {
    this.title = String(title);
    return this;
  }
  getWidth(): number | null {
    return this.width;
  }
  setWidth(width: number): this {
    this.width = Number(width);
    return this;
  }
  getHeight(): number | null {
    return this.height;
  }
  setHeight(height: number): this {
    this.height = Number(height);
    return this;
  }
  setSandboxMode(mode: unknown): this {
    this.sandboxMode = mode;
    return this;
  }
  getSandboxMode(): unknown {
    return this.sandboxMode;
  }
  setXFrameOptionsMode(mode: unknown): this {
    this.xFrameOptionsMode = mode;
    return this;
  }
  getXFrameOptionsMode(): unknown {
    return this.xFrameOptionsMode;
  }
  addMetaTag(name: string, content: string): this {
    this.metaTags.push({ name: String(name), content: String(content) });
    return this;
  }
  getMetaTags(): { getName: () => string; getContent: () => string }[] {
    return this.metaTags.map((t) => ({ getName: () => t.name, getContent: () => t.content }));
  }
  setFaviconUrl(url: string): this {
    this.faviconUrl = String(url);
    return this;
  }
  getFaviconUrl(): string | null {
    return this.faviconUrl;
  }
  getBlob(): FakeBlob {
    return new FakeBlob(Buffer.from(this.content, "utf8"), "text/html", null);
  }
  getAs(contentType: string): FakeBlob {
    return this.getBlob().setContentType(contentType);
  }
}

/** Compiles <? code ?>, <?= escaped ?> and <?!= raw ?> scriptlets into a function body. */
function compileTemplate(source: string): string {
  const lines = ["var __out = [];", "var __esc = " + escapeHtml.toString() + ";", "with (__vars) {"];
  const pattern = /<\?(!=|=)?([\s\S]*?)\?>/g;
  let last = 0;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    lines.push(`__out.push(${JSON.stringify(source.slice(last, match.index))});`);
    const code = match[2] ?? "";
    if (match[1] === "=") lines.push(`__out.push(__esc(String(${code})));`);
    else if (match[1] === "!=") lines.push(`__out.push(String(${code}));`);
    else lines.push(code);
    last = match.index + match[0].length;
  }
  lines.push(`__out.push(${JSON.stringify(source.slice(last))});`, "}", "return __out.join('');");
  return `(function (__vars) {\n${lines.join("\n")}\n})`;
}

export class FakeHtmlTemplate {
  [property: string]: unknown;

  constructor(
    private readonly env_: ServiceEnv,
    private readonly source_: string,
  ) {}

  getRawContent(): string {
    return this.source_;
  }
  getCode(): string {
    return compileTemplate(this.source_);
  }
  evaluate(): FakeHtmlOutput {
    this.env_.exec.enter();
    const vars: Record<string, unknown> = {};
    for (const key of Object.keys(this)) if (!key.endsWith("_")) vars[key] = this[key];
    const code = compileTemplate(this.source_);
    const context = this.env_.exec.context;
    const fn: unknown = context !== undefined ? vm.runInContext(code, context) : vm.runInNewContext(code);
    if (typeof fn !== "function") throw this.env_.exec.error("Template compilation failed");
    return new FakeHtmlOutput(String(fn(vars)));
  }
}

export function createHtmlService(env: ServiceEnv, distDir: string) {
  const readFile = (name: string): string => {
    env.exec.enter();
    const file = String(name).endsWith(".html") ? String(name) : `${String(name)}.html`;
    const full = path.resolve(distDir, file);
    if (path.dirname(full) !== path.resolve(distDir) || !existsSync(full)) {
      throw env.exec.error(`No HTML file named ${String(name)} was found.`);
    }
    return readFileSync(full, "utf8");
  };
  return {
    SandboxMode,
    XFrameOptionsMode,
    createHtmlOutput(html?: unknown): FakeHtmlOutput {
      env.exec.enter();
      if (html instanceof FakeHtmlTemplate) return html.evaluate();
      return new FakeHtmlOutput(html === undefined ? "" : String(html));
    },
    createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
      return new FakeHtmlOutput(readFile(filename));
    },
    createTemplate(html: unknown): FakeHtmlTemplate {
      env.exec.enter();
      return new FakeHtmlTemplate(env, String(html));
    },
    createTemplateFromFile(filename: string): FakeHtmlTemplate {
      return new FakeHtmlTemplate(env, readFile(filename));
    },
  };
}
