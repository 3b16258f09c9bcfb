// This file defines the Search for field: one query, or several as chips (Enter or a comma adds one, a pasted list one per line).
// The text still in the field counts as a query, so a single typed query needs no chip; Enter in the empty field starts the search.
import { byId, on } from "./dom";
import { chipList } from "./chips";

/** "dentists,\n orthodontists" → ["dentists", "orthodontists"]: each line or comma-separated part, trimmed. */
const splitQueries = (text: string): string[] =>
  text
    .split(/[\n\r,]+/)
    .map((part) => part.trim())
    .filter((part) => part !== "");

export function queryField(onChange: () => void): { queries(): string[] } {
  const input = byId("query", HTMLInputElement);
  const chips = chipList(
    byId("query-chips", HTMLUListElement),
    input,
    (query: string) => query,
    (query) => query.toLowerCase(),
    onChange,
  );

  on(input, "keydown", (event) => {
    if (event.key === "Enter" && input.value.trim() !== "") {
      event.preventDefault();
      chips.add(splitQueries(input.value));
      input.value = "";
      onChange();
    }
  });

  on(input, "input", () => {
    if (!input.value.includes(",")) return;
    const parts = input.value.split(",");
    const last = parts.pop() || "";
    chips.add(splitQueries(parts.join(",")));
    input.value = last.trimStart();
  });

  // A text field drops a pasted list's line breaks: a list pasted becomes its chips instead.
  on(input, "paste", (event) => {
    const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
    if (!/[\n\r]/.test(text.trim())) return;
    event.preventDefault();
    chips.add(splitQueries(text));
    onChange();
  });

  return {
    queries: () => {
      const typed = input.value.trim();
      const listed = chips.items();
      return typed === "" || listed.some((query) => query.toLowerCase() === typed.toLowerCase()) ? listed : [...listed, typed];
    },
  };
}
