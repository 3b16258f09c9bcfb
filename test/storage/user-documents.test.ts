// Tests the background notices kept in the user's properties: each concerns the jobs that existed
// when it was left; a document's own notice wins over the one for every document; a notice of no
// known shape is dropped and the others kept; and however many spreadsheets are lost, the notices
// fit one property value, the newest kept, so a later notice still saves.
import { createRuntime } from "../../dev/fakes/runtime";
import { VALUE_LIMIT_BYTES } from "../../dev/fakes/properties";
import * as documents from "../../src/storage/user-documents";

const { ANY_DOCUMENT } = documents;
const KEY = "businessLeads.backgroundNotices";
let userProperties: GoogleAppsScript.Properties.Properties;
const backgroundNoticeFor = (id: string) => documents.backgroundNoticeFor(userProperties, id);
const clearBackgroundNotice = (id: string) => documents.clearBackgroundNotice(userProperties, id);
const leaveBackgroundNotice = (id: string, message: string, at: number) => documents.leaveBackgroundNotice(userProperties, id, message, at);

beforeEach(() => {
  userProperties = createRuntime().globals().PropertiesService.getUserProperties() as unknown as GoogleAppsScript.Properties.Properties;
});

describe("background notices", () => {
  it("keep when they were left; a document's own notice wins over the one for every document", () => {
    leaveBackgroundNotice(ANY_DOCUMENT, "waiting", 1000);
    expect(backgroundNoticeFor("doc-a")).toEqual({ message: "waiting", at: 1000 });
    leaveBackgroundNotice("doc-a", "could not open", 2000);
    expect(backgroundNoticeFor("doc-a")).toEqual({ message: "could not open", at: 2000 });
    expect(backgroundNoticeFor("doc-b")).toEqual({ message: "waiting", at: 1000 });
    clearBackgroundNotice("doc-a");
    clearBackgroundNotice(ANY_DOCUMENT);
    expect(backgroundNoticeFor("doc-a")).toBeNull();
  });

  it("drop a notice of no known shape and keep the others", () => {
    userProperties.setProperty(KEY, JSON.stringify({ "doc-a": { message: "words", at: 5 }, "doc-b": "bare words", "doc-c": 7 }));
    expect(backgroundNoticeFor("doc-a")).toEqual({ message: "words", at: 5 });
    expect([backgroundNoticeFor("doc-b"), backgroundNoticeFor("doc-c")]).toEqual([null, null]);
  });

  it("fit one property value however many spreadsheets are lost, the newest kept", () => {
    const reason = "Ü".repeat(2000); // a long reason, 2 bytes a character
    for (let i = 0; i < 200; i += 1) leaveBackgroundNotice(`doc-${String(i).padStart(3, "0")}`, `could not open (${reason})`, i);
    const stored = userProperties.getProperty(KEY) ?? "";
    expect(Buffer.byteLength(stored, "utf8")).toBeLessThanOrEqual(VALUE_LIMIT_BYTES);
    expect(backgroundNoticeFor("doc-199")?.at).toBe(199);
    expect(backgroundNoticeFor("doc-199")?.message.endsWith("…")).toBe(true);
    expect(backgroundNoticeFor("doc-000")).toBeNull();
  });
});

describe("served documents", () => {
  it("are listed most recent first, once each, and forgotten one by one; what is not an id is dropped", () => {
    documents.registerServedDocument(userProperties, "doc-a");
    documents.registerServedDocument(userProperties, "doc-b");
    documents.registerServedDocument(userProperties, "doc-a");
    expect(documents.servedDocuments(userProperties)).toEqual(["doc-b", "doc-a"]);
    documents.forgetServedDocument(userProperties, "doc-b");
    expect(documents.servedDocuments(userProperties)).toEqual(["doc-a"]);
    userProperties.setProperty("businessLeads.servedDocuments", JSON.stringify(["doc-c", 7]));
    expect(documents.servedDocuments(userProperties)).toEqual(["doc-c"]);
  });
});
