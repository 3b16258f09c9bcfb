// This file defines the grid's context menu (a right-click on a cell, Shift+F10 or the context-menu
// key): "Insert 1 column left" and "Insert 1 column right" of the cell's column, as Sheets offers.
// It is a menu by the keyboard too: ↑/↓ move, Enter picks, Escape closes and gives the grid back.

export interface ColumnMenuHost {
  /** The column the menu acts on: the right-clicked cell's, else the active cell's. */
  insert(side: "left" | "right", column: number): void;
  focusGrid(): void;
}

export class ColumnMenu {
  private column = 1;

  constructor(
    private readonly menu: HTMLElement,
    private readonly host: ColumnMenuHost,
  ) {
    for (const item of this.items()) {
      item.addEventListener("click", () => {
        const side = item.dataset["insert"] === "right" ? "right" : "left";
        this.close();
        host.insert(side, this.column);
      });
    }
    menu.addEventListener("keydown", (event) => this.onKey(event));
    document.addEventListener("mousedown", (event) => {
      if (!menu.hidden && !(event.target instanceof Node && menu.contains(event.target))) this.close(false);
    });
  }

  /** Opens the menu at (x, y) for `column`, its first item focused. */
  open(column: number, x: number, y: number): void {
    this.column = column;
    this.menu.style.left = `${x}px`;
    this.menu.style.top = `${y}px`;
    this.menu.hidden = false;
    this.items()[0]?.focus();
  }

  close(backToGrid = true): void {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    if (backToGrid) this.host.focusGrid();
  }

  private items(): HTMLButtonElement[] {
    return Array.from(this.menu.querySelectorAll<HTMLButtonElement>("[role=menuitem]"));
  }

  private onKey(event: KeyboardEvent): void {
    const items = this.items();
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "Escape" || event.key === "Tab") this.close();
    else if (event.key === "ArrowDown" || event.key === "ArrowUp")
      items[(at + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
    else return;
    event.preventDefault();
  }
}
