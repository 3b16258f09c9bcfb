// Defines FakeRangeList: Apps Script's RangeList, ranges of one sheet (what a Ctrl-click selection is).

import type { DocModel } from "./document";
import { FakeRange, replayCall } from "./range";
import type { Box, SheetModel } from "./sheet-model";

export class FakeRangeList {
  constructor(
    private readonly doc: DocModel,
    private readonly sheet: SheetModel,
    private readonly boxes: readonly Box[],
  ) {}

  /** "A list of one or more Range instances in the same sheet", in the list's order. */
  getRanges(): FakeRange[] {
    this.doc.call("getter", "RangeList.getRanges");
    return this.boxes.map((box) => new FakeRange(this.doc, this.sheet, { ...box }));
  }

  /** Selects the ranges; "the last range in the list is set as the active range". */
  activate(): FakeRangeList {
    const replay = replayCall(() => new FakeRangeList(this.doc, this.sheet, this.boxes), "activate", []);
    this.doc.call("write", "RangeList.activate", 0, replay, this.sheet.id);
    this.doc.activeSheetId = this.sheet.id;
    this.doc.sheetFor(this.sheet.id, this.sheet).selectRanges(this.boxes);
    return this;
  }
}
