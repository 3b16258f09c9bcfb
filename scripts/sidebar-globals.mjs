// The browser globals the sidebar's bundle names most, read once under names the minifier can
// shorten (esbuild `inject`, scripts/build-sidebar.mjs): the same objects, fewer bytes.
const doc = document;
const math = Math;
const string = String;
const number = Number;
const error = Error;
const date = Date;
const element = HTMLElement;
const input = HTMLInputElement;
const button = HTMLButtonElement;
const list = HTMLUListElement;
const form = HTMLFormElement;
const select = HTMLSelectElement;
export {
  doc as document,
  math as Math,
  string as String,
  number as Number,
  error as Error,
  date as Date,
  element as HTMLElement,
  input as HTMLInputElement,
  button as HTMLButtonElement,
  list as HTMLUListElement,
  form as HTMLFormElement,
  select as HTMLSelectElement,
};
