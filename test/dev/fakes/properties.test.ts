// Tests the PropertiesService fake against Google's documented behaviour and limits.
import { createRuntime, type FakeRuntime } from "../../../dev/fakes/runtime";
import { makeDist } from "./test-support";

let runtime: FakeRuntime;
beforeEach(() => {
  runtime = createRuntime({ distDir: makeDist({}) });
});

describe("PropertiesService", () => {
  it("keeps user, document and script stores apart", () => {
    const { PropertiesService } = runtime.globals();
    PropertiesService.getUserProperties().setProperty("k", "user");
    PropertiesService.getDocumentProperties().setProperty("k", "doc");
    PropertiesService.getScriptProperties().setProperty("k", "script");
    expect(PropertiesService.getUserProperties().getProperty("k")).toBe("user");
    expect(PropertiesService.getDocumentProperties().getProperty("k")).toBe("doc");
    expect(PropertiesService.getScriptProperties().getProperty("k")).toBe("script");
    expect(runtime.stores.user().get("k")).toBe("user");
  });

  it("gives each user their own user store", () => {
    runtime.globals("FULL", { user: "a@example.com" }).PropertiesService.getUserProperties().setProperty("key", "A");
    const b = runtime.globals("FULL", { user: "b@example.com" }).PropertiesService;
    expect(b.getUserProperties().getProperty("key")).toBeNull();
    expect(runtime.stores.user("a@example.com").get("key")).toBe("A");
  });

  it("returns null for a missing key and stores every value as a string", () => {
    const props = runtime.globals().PropertiesService.getDocumentProperties();
    expect(props.getProperty("missing")).toBeNull();
    props.setProperty("n", 42 as unknown as string).setProperty("b", true as unknown as string);
    expect(props.getProperty("n")).toBe("42");
    expect(props.getProperty("b")).toBe("true");
    expect(() => props.setProperty("x", null as unknown as string)).toThrow("Invalid argument: value");
  });

  it("sets, lists, deletes, and replaces all with deleteAllOthers", () => {
    const props = runtime.globals().PropertiesService.getScriptProperties();
    props.setProperties({ a: "1", b: "2" });
    expect(props.getKeys().sort()).toEqual(["a", "b"]);
    expect(props.getProperties()).toEqual({ a: "1", b: "2" });
    props.setProperties({ c: "3" }, true);
    expect(props.getProperties()).toEqual({ c: "3" });
    props.deleteProperty("c");
    expect(props.getKeys()).toEqual([]);
    props.setProperties({ x: "1", y: "2" }).deleteAllProperties();
    expect(props.getProperties()).toEqual({});
  });

  it("returns a copy from getProperties", () => {
    const props = runtime.globals().PropertiesService.getDocumentProperties();
    props.setProperty("a", "1");
    const copy = props.getProperties();
    copy.a = "changed";
    expect(props.getProperty("a")).toBe("1");
  });

  it("limits a value to 9 KB, counted in UTF-8 bytes", () => {
    const props = runtime.globals().PropertiesService.getUserProperties();
    props.setProperty("max", "x".repeat(9 * 1024));
    expect(() => props.setProperty("over", "x".repeat(9 * 1024 + 1))).toThrow("Argument too large: value");
    expect(() => props.setProperty("wide", "é".repeat(4609))).toThrow("Argument too large: value");
    expect(props.getProperty("over")).toBeNull();
  });

  it("limits a store to 500 KB and changes nothing when a write would exceed it", () => {
    const props = runtime.globals().PropertiesService.getDocumentProperties();
    const value = "v".repeat(9000);
    for (let i = 0; i < 56; i++) props.setProperty(`key${String(i).padStart(2, "0")}`, value);
    expect(() => props.setProperties({ a: value, b: value })).toThrow(
      "You have exceeded the property storage quota. Please remove some properties and try again.",
    );
    expect(props.getProperty("a")).toBeNull();
    expect(props.getKeys()).toHaveLength(56);
  });

  it("persists across executions", () => {
    const dist = makeDist({
      "main.js":
        "function save(v) { PropertiesService.getDocumentProperties().setProperty('v', v); }\n" +
        "function load() { return PropertiesService.getDocumentProperties().getProperty('v'); }",
    });
    const rt = createRuntime({ distDir: dist });
    rt.run("save", ["kept"]);
    expect(rt.run("load").value).toBe("kept");
  });

  it("is not available in AuthMode.NONE, and is in LIMITED", () => {
    const none = runtime.globals("NONE").PropertiesService;
    expect(() => none.getDocumentProperties()).toThrow("You do not have permission to call PropertiesService.getDocumentProperties");
    expect(() => none.getUserProperties()).toThrow(/You do not have permission/);
    expect(runtime.globals("LIMITED").PropertiesService.getDocumentProperties().getProperty("x")).toBeNull();
  });

  it("in custom functions reads the owner's user store, which editors cannot write", () => {
    const rt = createRuntime({ distDir: makeDist({}), userEmail: "editor@example.com", ownerEmail: "owner@example.com" });
    rt.stores.user("owner@example.com").set("apiKey", "owner-key");
    const props = rt.globals("CUSTOM_FUNCTION").PropertiesService.getUserProperties();
    expect(props.getProperty("apiKey")).toBe("owner-key");
    expect(() => props.setProperty("apiKey", "x")).toThrow("You do not have permission to call setProperty");
    const doc = rt.globals("CUSTOM_FUNCTION").PropertiesService.getDocumentProperties();
    expect(doc.getProperty("missing")).toBeNull();
  });

  it("counts against the daily properties quota", () => {
    runtime.quotas.charge("properties", "user@example.com", 50_000);
    const props = runtime.globals().PropertiesService.getDocumentProperties();
    expect(() => props.getProperty("a")).toThrow("Service invoked too many times for one day: properties.");
  });
});
