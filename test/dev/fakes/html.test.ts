// Tests the HtmlService fake: outputs, files from the dist directory, templates.
import { createRuntime } from "../../../dev/fakes/runtime";
import { makeDist } from "./test-support";

describe("HtmlService", () => {
  const dist = makeDist({
    "sidebar.html": "<!DOCTYPE html><p>Business Leads</p>",
    "page.html": "<h1><?= title ?></h1><?!= raw ?><? for (var i = 0; i < 2; i++) { ?><i><?= i ?></i><? } ?>",
  });

  it("builds an HtmlOutput with title, size and appended content", () => {
    const { HtmlService } = createRuntime({ distDir: dist }).globals();
    const output = HtmlService.createHtmlOutput("<b>a</b>").append("<i>b</i>").appendUntrusted("<c>").setTitle("Leads").setWidth(300);
    expect(output.getContent()).toBe("<b>a</b><i>b</i>&lt;c&gt;");
    expect(output.getTitle()).toBe("Leads");
    expect(output.getWidth()).toBe(300);
  });

  it("reads <name>.html from the bundle's directory", () => {
    const { HtmlService } = createRuntime({ distDir: dist }).globals();
    expect(HtmlService.createHtmlOutputFromFile("sidebar").getContent()).toBe("<!DOCTYPE html><p>Business Leads</p>");
    expect(HtmlService.createHtmlOutputFromFile("sidebar.html").getContent()).toContain("Business Leads");
    expect(() => HtmlService.createHtmlOutputFromFile("missing")).toThrow("No HTML file named missing was found.");
    expect(() => HtmlService.createHtmlOutputFromFile("../etc/passwd")).toThrow(/No HTML file named/);
  });

  it("evaluates templates: <?= ?> escaped, <?!= ?> raw, <? ?> code", () => {
    const { HtmlService } = createRuntime({ distDir: dist }).globals();
    const template = HtmlService.createTemplateFromFile("page");
    template.title = "<Leads>";
    template.raw = "<hr>";
    expect(template.evaluate().getContent()).toBe("<h1>&lt;Leads&gt;</h1><hr><i>0</i><i>1</i>");
  });

  it("runs template code in the execution's global scope", () => {
    const rt = createRuntime({
      distDir: makeDist({
        "main.js":
          "function include(n) { return '[' + n + ']'; }\nfunction page() { return HtmlService.createTemplate('<?!= include(\"x\") " +
          "?>').evaluate().getContent(); }",
      }),
    });
    expect(rt.run("page").value).toBe("[x]");
  });
});
